package kit

import (
	"image"
	"image/color"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
)

// TestOrderRow: an order's row holds its label and a button that says
// what it does ("x", "Clear") and removes that order, once a click.
func TestOrderRow(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, have string
		clicks     int
		want       int // removals
	}{
		{"x", "x", 1, 1},
		{"Clear", "Clear", 1, 1},
		{"not clicked", "x", 0, 0},
		{"clicked twice", "x", 2, 2},
	}
	for _, tt := range tests {
		label := SmallText(th, "Army 3: move to 4,5", color.White)
		removed := 0
		row := OrderRow(th, label, tt.have, func() { removed++ })
		row.Validate() // as the UI does before it first lays the row out
		kids := row.Children()
		if len(kids) != 2 || kids[0] != label {
			t.Fatalf("%s: the row holds %d widgets, the label first: %v; want the label and a button", tt.name, len(kids), kids[0] == label)
		}
		b, ok := kids[1].(*widget.Button)
		if !ok {
			t.Fatalf("%s: the row's second widget is a %T, want a button", tt.name, kids[1])
		}
		if b.Text().Label != tt.have {
			t.Errorf("%s: the button says %q, want %q", tt.name, b.Text().Label, tt.have)
		}
		for range tt.clicks {
			b.Click()
			event.ExecuteDeferred() // as ebitenui's Update does: the button's handler
		}
		if removed != tt.want {
			t.Errorf("%s: %d clicks removed %d orders, want %d", tt.name, tt.clicks, removed, tt.want)
		}
	}
}

// TestPanelButton: a side panel's button says its label and does its
// click; a wide one stretches across its row, a small one does not.
func TestPanelButton(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, label string
		pad         int
		wide        bool
		wantStretch bool
	}{
		{"a choice", "Produce… · 12 turns", 8, true, true},
		{"one of a row", "N", 4, false, false},
	}
	for _, tt := range tests {
		clicked := 0
		b := PanelButton(th, tt.label, tt.pad, tt.wide, func() { clicked++ })
		b.Validate()
		if b.Text().Label != tt.label {
			t.Errorf("%s: the button says %q, want %q", tt.name, b.Text().Label, tt.label)
		}
		ld, _ := b.GetWidget().LayoutData.(widget.RowLayoutData)
		if ld.Stretch != tt.wantStretch {
			t.Errorf("%s: the button stretches %v, want %v", tt.name, ld.Stretch, tt.wantStretch)
		}
		b.Click()
		event.ExecuteDeferred()
		if clicked != 1 {
			t.Errorf("%s: a click did %d clicks, want 1", tt.name, clicked)
		}
	}
}

// TestScrollArea: a long report's area holds its scroll panel and the
// slider beside it, stretches across its column, is never higher than
// asked, and is at least the size asked for, if any.
func TestScrollArea(t *testing.T) {
	tests := []struct {
		name      string
		maxH      int
		least     image.Point
		wantLeast image.Point
	}{
		{"no least size", 300, image.Point{}, image.Point{}},
		{"a least size", 200, image.Pt(580, 200), image.Pt(580, 200)},
	}
	for _, tt := range tests {
		content := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout()))
		area := NewScrollArea(content, ScrollStyle{WheelPart: 4, Handle: 14}, tt.maxH, tt.least)
		kids := area.Children()
		if len(kids) != 2 {
			t.Fatalf("%s: the area holds %d widgets, want the scroll panel and its slider", tt.name, len(kids))
		}
		_, isScroll := kids[0].(*widget.ScrollContainer)
		if _, isSlider := kids[1].(*widget.Slider); !isScroll || !isSlider {
			t.Errorf("%s: the area holds a %T and a %T, want a scroll panel and a slider", tt.name, kids[0], kids[1])
		}
		w := area.GetWidget()
		ld, _ := w.LayoutData.(widget.RowLayoutData)
		if !ld.Stretch || ld.MaxHeight != tt.maxH {
			t.Errorf("%s: stretch %v, at most %d high; want stretched, at most %d", tt.name, ld.Stretch, ld.MaxHeight, tt.maxH)
		}
		if have := image.Pt(w.MinWidth, w.MinHeight); have != tt.wantLeast {
			t.Errorf("%s: the least size is %v, want %v", tt.name, have, tt.wantLeast)
		}
	}
}

// TestWindowBody: a window's body is a column of its contents, padded
// and spaced as asked.
func TestWindowBody(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name         string
		pad, gap     int
		wantW, wantH int // two children of 100 by 20
	}{
		{"none", 0, 0, 100, 40},
		{"the empire's windows", 18, 5, 136, 81},
		{"a battle report", 16, 6, 132, 78},
	}
	for _, tt := range tests {
		body := WindowBody(th, tt.pad, tt.gap)
		for range 2 {
			body.AddChild(widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(100, 20))))
		}
		if w, h := body.PreferredSize(); w != tt.wantW || h != tt.wantH {
			t.Errorf("%s: the body is %dx%d, want %dx%d", tt.name, w, h, tt.wantW, tt.wantH)
		}
	}
}
