// Package art is the drawing kit the game screens share, so that every
// game draws a player, a terrain or a token alike:
//
//   - the players' colours (PlayerColor, PlayerTextColor, InkOn) and the
//     contrast and colour-difference sums they are chosen by;
//   - the players' marks (Mark, PlayerMark): a shape drawn on a token
//     beside a colour, and their patterns (Pattern, PlayerPattern,
//     DrawPattern): a hatch over the areas they hold, so players are told
//     apart without colour;
//   - terrain tiles (TileStyle, DecorOf, PaintHexTile, PaintSquareTile):
//     a terrain's colour with grass, trees, peaks or waves over it, chosen
//     from the terrain's id and flags;
//   - sprites (Sprite, PaintSprite, Sprites): army tokens, banners, city
//     and structure pictures, the units' pictures (Icon), painted on the
//     CPU with anti-aliasing (Canvas) once per size and drawn scaled.
//
// Nothing here knows a ruleset: each game's module maps its own terrains,
// settlements and units onto these drawings.
package art
