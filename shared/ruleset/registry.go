package ruleset

import (
	"fmt"
	"slices"
)

// Registry is the rulesets a server or a client knows, by id, its default
// first. It is built once and then only read.
type Registry struct {
	list []Ruleset
}

// NewRegistry returns a registry of rs, rs[0] the default. It refuses no
// ruleset, a ruleset whose Info fails Check, and two of one id.
func NewRegistry(rs ...Ruleset) (*Registry, error) {
	if len(rs) == 0 {
		return nil, fmt.Errorf("ruleset registry: no ruleset")
	}
	r := &Registry{}
	for _, x := range rs {
		in := x.Info()
		if err := in.Check(); err != nil {
			return nil, fmt.Errorf("ruleset registry: %w", err)
		}
		if _, dup := r.Get(in.ID); dup {
			return nil, fmt.Errorf("ruleset registry: ruleset %s twice", in.ID)
		}
		r.list = append(r.list, x)
	}
	return r, nil
}

// Get returns the ruleset of id, and false if there is none.
func (r *Registry) Get(id string) (Ruleset, bool) {
	for _, x := range r.list {
		if x.Info().ID == id {
			return x, true
		}
	}
	return nil, false
}

// Default returns the default ruleset.
func (r *Registry) Default() Ruleset { return r.list[0] }

// All returns the rulesets, the default first.
func (r *Registry) All() []Ruleset { return slices.Clone(r.list) }

// IDs returns the rulesets' ids, the default first.
func (r *Registry) IDs() []string {
	out := make([]string, len(r.list))
	for i, x := range r.list {
		out[i] = x.Info().ID
	}
	return out
}

// Infos returns the rulesets' infos, the default first.
func (r *Registry) Infos() []Info {
	out := make([]Info, len(r.list))
	for i, x := range r.list {
		out[i] = x.Info()
	}
	return out
}

// With returns a registry where x replaces the ruleset of its id (a mod);
// r itself is not changed.
func (r *Registry) With(x Ruleset) (*Registry, error) {
	id := x.Info().ID
	out := &Registry{list: slices.Clone(r.list)}
	i := slices.IndexFunc(out.list, func(y Ruleset) bool { return y.Info().ID == id })
	if i < 0 {
		return nil, fmt.Errorf("ruleset registry: no ruleset %s to replace", id)
	}
	if in := x.Info(); in.Check() != nil {
		return nil, fmt.Errorf("ruleset registry: %w", in.Check())
	}
	out.list[i] = x
	return out, nil
}
