// Package menu builds the client's menu screens with ebitenui: the main
// menu, the setup of a new game (against bots or on a LAN), joining a game
// on a server, the settings, a game's lobby, and a message screen.
//
// Each screen is a constructor that returns a *widget.Container, the root
// of an ebitenui.UI, and for the screens that show changing data a type
// with methods to feed them (Join.SetGames, Lobby.Update, ...). A screen
// never talks to the network: what the player asks for goes to the
// callbacks it was given, and the app answers through those methods. All of
// it runs on the goroutine of ebiten's Update.
//
// Theme holds the look shared with the game screen: the palette, the Go
// fonts and the images of panels, buttons and fields. Building screens needs
// no display; drawing them does.
//
// Screens are drawn in the window's own pixels at the theme's interface
// size (NewThemeAt): every length this package names (a padding, a width,
// a radius, a FitHeight threshold) is given at 100 % and multiplied by
// the theme's scale where it is used (Theme.Px), and the faces are made at
// that size, so that at 200 % on a 1920x1080 window a screen is the one at
// 100 % on 960x540, twice as large, its text sharp. Lengths handed to an
// exported function (NewInput's width, NewHelp's, NewScrollArea's height,
// ScrollStyle.Handle) are in window pixels: the caller scales them.
package menu
