// Package words writes counts of things in English for players: "1 step",
// "3 steps", "2 casualties", "1 Flyer". The server's rulesets and every
// client module use it, so a count reads the same everywhere.
package words

import (
	"fmt"
	"strings"
)

// Plural writes n and the noun one, which is singular and regular, in the
// form n takes: "1 step", "3 steps", "2 casualties", "2 boxes", "0 days".
func Plural(n int, one string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, PluralOf(one))
}

// PluralOf returns the plural of the regular singular noun one: "steps",
// "casualties", "armies", "days", "boxes", "move points". Only the last
// word changes.
func PluralOf(one string) string {
	n := len(one)
	switch {
	case n == 0:
		return one
	case strings.HasSuffix(one, "y") && n >= 2 && !strings.ContainsRune("aeiouAEIOU", rune(one[n-2])):
		return one[:n-1] + "ies"
	case strings.HasSuffix(one, "s"), strings.HasSuffix(one, "x"), strings.HasSuffix(one, "z"),
		strings.HasSuffix(one, "ch"), strings.HasSuffix(one, "sh"):
		return one + "es"
	}
	return one + "s"
}

// Count writes n with the word of its form: one for 1, else many:
// Count(2, "city", "cities") is "2 cities".
func Count(n int, one, many string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Of writes n of a thing named by a game's data, which names it in the
// plural or as a whole ("Schmuckers", "Flyers", "Infantry", "Siege"): the
// name as written for any number but one, and for one its singular, the
// name without a plural's last "s" ("1 Schmucker", "1 Flyer", "1
// Infantry").
func Of(n int, name string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, Singular(name))
	}
	return fmt.Sprintf("%d %s", n, name)
}

// Singular returns a name given in the plural in the singular: it drops
// the last "s" of its last word unless that word ends in "ss" or is
// shorter than four letters ("Flyers": "Flyer"; "Infantry", "Siege",
// "Gas", "Mass" stay).
func Singular(name string) string {
	last := name[strings.LastIndexByte(name, ' ')+1:]
	if len(last) < 4 || !strings.HasSuffix(last, "s") || strings.HasSuffix(last, "ss") {
		return name
	}
	return name[:len(name)-1]
}
