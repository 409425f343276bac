package rulesfile

import (
	"errors"
	"fmt"
	"strings"
)

// FieldError is one problem found in a ruleset file. Every error that Decode
// reports about a file's content is a *FieldError, possibly several of them
// joined with errors.Join (use FieldErrors to list them).
type FieldError struct {
	// File is the ruleset file's name as given to Decode, e.g. "erfworld.toml".
	File string
	// Line is the 1-based line of the problem, or 0 when unknown. Syntax
	// errors carry a line; problems found after parsing usually do not.
	Line int
	// Key is the dotted TOML key of the offending value, e.g.
	// "city.max_level" or "unit[2].dice" (array entries are counted from 0).
	// It is empty for problems that concern no one key (syntax errors).
	Key string
	// Problem says what is wrong, in plain words.
	Problem string
}

// Error formats the problem as `file:line: key "k": problem`, leaving out the
// parts that are unknown.
func (e *FieldError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	} else if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.Key != "" {
		fmt.Fprintf(&b, "key %q: ", e.Key)
	}
	b.WriteString(e.Problem)
	return b.String()
}

// FieldErrors lists every *FieldError inside err, which may be a single
// error, a wrapped one or a tree built with errors.Join. It returns nil for a
// nil error.
func FieldErrors(err error) []*FieldError {
	var out []*FieldError
	var walk func(error)
	walk = func(err error) {
		switch e := err.(type) {
		case nil:
		case *FieldError:
			out = append(out, e)
		case interface{ Unwrap() []error }:
			for _, inner := range e.Unwrap() {
				walk(inner)
			}
		case interface{ Unwrap() error }:
			walk(e.Unwrap())
		}
	}
	walk(err)
	return out
}

// leaves flattens a tree of joined errors into its leaf errors.
func leaves(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, inner := range j.Unwrap() {
			out = append(out, leaves(inner)...)
		}
		return out
	}
	return []error{err}
}

// inFile returns err with every leaf attributed to file: a *FieldError gets
// its File filled in (when empty), anything else is wrapped as "file: err".
func inFile(file string, err error) error {
	ls := leaves(err)
	if len(ls) == 0 {
		return nil
	}
	out := make([]error, 0, len(ls))
	for _, e := range ls {
		if f, ok := e.(*FieldError); ok {
			c := *f
			if c.File == "" {
				c.File = file
			}
			out = append(out, &c)
			continue
		}
		out = append(out, fmt.Errorf("%s: %w", file, e))
	}
	if len(out) == 1 {
		return out[0]
	}
	return errors.Join(out...)
}

// Checker collects validation problems as *FieldError values so that a
// Validate method can report every problem of a file at once. The zero value
// is ready to use. Keys are dotted TOML keys, e.g. "city.max_level".
type Checker struct {
	errs []error
}

// Add records a problem with the value at key.
func (c *Checker) Add(key, format string, args ...any) {
	c.errs = append(c.errs, &FieldError{Key: key, Problem: fmt.Sprintf(format, args...)})
}

// Check records a problem at key unless ok holds, and reports ok.
func (c *Checker) Check(ok bool, key, format string, args ...any) bool {
	if !ok {
		c.Add(key, format, args...)
	}
	return ok
}

// AtLeast checks that got >= low.
func (c *Checker) AtLeast(key string, got, low int) bool {
	return c.Check(got >= low, key, "must be at least %d, got %d", low, got)
}

// Between checks that low <= got <= high.
func (c *Checker) Between(key string, got, low, high int) bool {
	return c.Check(got >= low && got <= high, key, "must be between %d and %d, got %d", low, high, got)
}

// NotEmpty checks that a string value is not empty.
func (c *Checker) NotEmpty(key, got string) bool {
	return c.Check(strings.TrimSpace(got) != "", key, "must not be empty")
}

// Include records every problem of err (which may be joined), as returned
// by another validation. A nil err is ignored.
func (c *Checker) Include(err error) {
	c.errs = append(c.errs, leaves(err)...)
}

// OK reports whether no problem has been recorded.
func (c *Checker) OK() bool { return len(c.errs) == 0 }

// Err returns nil when no problem was recorded, the problem itself when
// there is one, and all of them joined with errors.Join otherwise.
func (c *Checker) Err() error {
	switch len(c.errs) {
	case 0:
		return nil
	case 1:
		return c.errs[0]
	}
	return errors.Join(c.errs...)
}
