package hexgame

import (
	"fmt"
	"reflect"
	"strings"

	"empires/shared/game"
)

// DiffSaves implements ruleset.SaveDiffer: how the states of two saves
// differ (DiffStates).
func (r *Ruleset) DiffSaves(have, want []byte) string {
	a, err := game.Decode(have)
	if err != nil {
		return "the first save does not decode: " + err.Error()
	}
	b, err := game.Decode(want)
	if err != nil {
		return "the second save does not decode: " + err.Error()
	}
	return DiffStates(a, b)
}

// DiffStates describes how two states differ, field by field of game.State:
// "Turn 5 != 6; Players[1] differs; Armies: 12 != 13 entries". It returns
// "" for states whose fields are deeply equal.
func DiffStates(have, want *game.State) string {
	if have == nil || want == nil {
		return "a state is missing"
	}
	var out []string
	hv, wv := reflect.ValueOf(have).Elem(), reflect.ValueOf(want).Elem()
	t := hv.Type()
	for i := range t.NumField() {
		name := t.Field(i).Name
		a, b := hv.Field(i), wv.Field(i)
		if reflect.DeepEqual(a.Interface(), b.Interface()) {
			continue
		}
		switch a.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.String:
			out = append(out, fmt.Sprintf("%s %v != %v", name, a.Interface(), b.Interface()))
		case reflect.Slice:
			if a.Len() != b.Len() {
				out = append(out, fmt.Sprintf("%s: %d != %d entries", name, a.Len(), b.Len()))
				continue
			}
			for j := range a.Len() {
				if !reflect.DeepEqual(a.Index(j).Interface(), b.Index(j).Interface()) {
					out = append(out, fmt.Sprintf("%s[%d] differs", name, j))
					break
				}
			}
		default:
			out = append(out, name+" differs")
		}
	}
	return strings.Join(out, "; ")
}
