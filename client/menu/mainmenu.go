package menu

import (
	"fmt"

	"github.com/ebitenui/ebitenui/widget"

	"empires/shared/buildinfo"
	"empires/shared/protocol"
)

// MainActions are what the main menu's buttons do. A nil action leaves its
// button disabled. Quit is called only once the player has said yes to
// "Quit Empires?".
type MainActions struct {
	PlayAI   func() // a game against bots, on a server in this process
	HostLAN  func() // create a game on a server others can join
	Join     func() // join a game on a server
	Replays  func() // watch a saved game again
	Decks    func() // build and keep the decks of a card game
	Settings func()
	Quit     func()
}

// mainButtonWidth and mainButtonHeight are the size of the main menu's
// buttons, mainButtonGap the room between them (at 100 %): seven of them, the
// emblem and the title fit a screen of 960x540 (a 1920x1080 window at an
// interface size of 200 per cent) above the footer.
const mainButtonWidth, mainButtonHeight, mainButtonGap = 320, 34, 8

// mainEmblemSize is the size of the main menu's emblem, in pixels.
const mainEmblemSize = 40

// NewMainMenu returns the main menu: the title, a button per action and a
// footer with the build's version and the protocol version.
func NewMainMenu(t *Theme, a MainActions) *widget.Container { return newMainMenu(t, a).root }

// mainMenu is the main menu's state.
type mainMenu struct {
	root    *widget.Container
	content *widget.Container // the title and the buttons
	footer  *widget.Text      // the version and the keys, under the buttons
	quit    *asker            // "Quit Empires?"
}

func newMainMenu(t *Theme, a MainActions) *mainMenu {
	m := &mainMenu{}
	var quit func()
	if a.Quit != nil {
		quit = func() { m.quit.ask() }
	}
	wide := t.minSize(mainButtonWidth, mainButtonHeight)
	button := func(primary bool, label string, f func()) *widget.Button {
		var b *widget.Button
		if primary {
			b = t.NewPrimaryButton(label, f, wide)
		} else {
			b = t.NewButton(label, f, wide)
		}
		b.GetWidget().Disabled = f == nil
		b.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		return b
	}
	center := func(w widget.PreferredSizeLocateableWidget) widget.PreferredSizeLocateableWidget {
		w.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		return w
	}
	title := t.NewText("Empires", t.title, t.palette.Accent)
	subtitle := t.NewText("Games of rival empires: on the map, at the card table", t.normal, t.palette.TextMuted)
	buttons := column(t, mainButtonGap, false,
		button(true, "Play vs AI", a.PlayAI),
		button(false, "Host LAN game", a.HostLAN),
		button(false, "Join game", a.Join),
		button(false, "Replays", a.Replays),
		button(false, "Decks", a.Decks),
		button(false, "Settings", a.Settings),
		button(false, "Quit", quit),
	)
	emblem := widget.NewGraphic(widget.GraphicOpts.Image(hexEmblem(t.palette, t.Px(mainEmblemSize))))
	m.content = column(t, 0, false,
		center(emblem),
		center(spacer(t, 0, 4)),
		center(title),
		center(spacer(t, 0, 4)),
		center(subtitle),
		center(spacer(t, 0, 12)),
		center(buttons),
	)
	footer := hint(t, fmt.Sprintf("Empires %s · protocol version %d · Tab moves between buttons, Enter presses",
		buildinfo.Version(), protocol.Version))
	m.footer = footer
	m.root = newScreen(t, m.content, footer)
	if a.Quit != nil {
		m.quit = newAsker(t, m.root, m.content, "Quit Empires?",
			"The window closes. Your settings and saved games stay.", "Quit", a.Quit)
	}
	return m
}

// spacer returns an empty widget of w by h pixels at 100 % (at t's
// scale).
func spacer(t *Theme, w, h int) *widget.Container {
	return widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(t.Px(w), t.Px(h))))
}
