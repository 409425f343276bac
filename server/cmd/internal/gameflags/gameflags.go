// Package gameflags holds what the commands that play games of any
// ruleset (ladder, whole, load) share on their command lines: -option, a
// ruleset's settings as key=value, checked against the ruleset's own
// settings; and the set-up data each seat brings, the ruleset's default.
//
//	var opts gameflags.Options
//	fs.Var(&opts, "option", gameflags.Usage)
//	...
//	o, err := opts.For(rs.Info()) // "-option rounds=99: rounds 99: must be 1 to 9"
package gameflags

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Usage is the -option flag's help.
const Usage = "a setting of the ruleset as `key=value` (repeat the flag, or separate them with commas: rounds=6,deck=1)"

// Options are the values of a ruleset's settings given with -option, in
// the order given. Its zero value holds none. It is a flag.Value.
type Options struct {
	list []protocol.Option
}

// String returns the options as -option takes them: "rounds=6,deck=1".
func (o *Options) String() string {
	if o == nil {
		return ""
	}
	parts := make([]string, len(o.list))
	for i, op := range o.list {
		parts[i] = op.Key + "=" + strconv.Itoa(op.Value)
	}
	return strings.Join(parts, ",")
}

// Set adds the options of s: "key=value", or several separated by
// commas. A key given twice is refused.
func (o *Options) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		key, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" {
			return fmt.Errorf("%q is not key=value", part)
		}
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return fmt.Errorf("%s=%s: the value is not a whole number", key, value)
		}
		if slices.ContainsFunc(o.list, func(op protocol.Option) bool { return op.Key == key }) {
			return fmt.Errorf("%s is given twice", key)
		}
		o.list = append(o.list, protocol.Option{Key: key, Value: n})
	}
	return nil
}

// For checks the options against ruleset in's settings (every key one of
// them, but the map's size, which -size gives; every value within its
// bounds) and returns them as a game's options. The error is for the
// person at the command line: it names the ruleset's settings.
func (o *Options) For(in ruleset.Info) (ruleset.Options, error) {
	out := ruleset.Options{}
	for _, op := range o.list {
		if op.Key == ruleset.KeyWidth || op.Key == ruleset.KeyHeight {
			return nil, fmt.Errorf("-option %s: the map's size is -size", op.Key)
		}
		if _, ok := in.Setting(op.Key); !ok {
			return nil, fmt.Errorf("-option %s: %s has no such setting; %s", op.Key, in.Title, Settings(in))
		}
		out[op.Key] = op.Value
	}
	if err := in.CheckOptions(out); err != nil {
		return nil, fmt.Errorf("-option: %w", err)
	}
	return out, nil
}

// Protocol returns the options as a game's protocol.Settings carry them,
// in the order given.
func (o *Options) Protocol() []protocol.Option { return slices.Clone(o.list) }

// Settings describes ruleset in's settings for the command line: "its
// settings: rounds (1 to 9, default 3), deck (0 to 2: standard, aggro,
// control; default 0)", or that it has none but the map's size.
func Settings(in ruleset.Info) string {
	var parts []string
	for _, s := range in.Settings {
		if s.Key == ruleset.KeyWidth || s.Key == ruleset.KeyHeight {
			continue
		}
		if len(s.Choices) > 0 {
			parts = append(parts, fmt.Sprintf("%s (%d to %d: %s; default %d)", s.Key, s.Min, s.Max, strings.Join(s.Choices, ", "), s.Default))
		} else {
			parts = append(parts, fmt.Sprintf("%s (%d to %d, default %d)", s.Key, s.Min, s.Max, s.Default))
		}
	}
	if len(parts) == 0 {
		return "it has no settings but the map's size"
	}
	return "its settings: " + strings.Join(parts, ", ")
}

// SeatData returns the set-up data of seats seats for a game of rs with
// opts: the ruleset's default (ruleset.SeatSetup.DefaultSeat) for every
// seat, as bots bring it; nil for a ruleset without set-up data.
func SeatData(rs ruleset.Ruleset, opts ruleset.Options, seats int) [][]byte {
	ss, ok := rs.(ruleset.SeatSetup)
	if !ok {
		return nil
	}
	out := make([][]byte, seats)
	for i := range out {
		out[i] = ss.DefaultSeat(opts)
	}
	return out
}
