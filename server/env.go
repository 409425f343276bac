package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// envPrefix starts the name of every environment variable that sets a flag.
const envPrefix = "EMPIRES_"

// versionFlag is the flag that prints the version: the one flag no
// environment variable sets.
const versionFlag = "version"

// envName returns the environment variable that sets flag name:
// EMPIRES_MAX_GAMES for max-games.
func envName(name string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// setFromEnv sets each flag of fs that the command line did not give from
// its environment variable (envName), as lookup finds it; an empty
// variable counts as unset; -version has no variable. It returns the flags it set, each with
// "VARIABLE=value" to name it in messages, or an error naming the first
// variable whose value the flag refuses ("EMPIRES_MAX_GAMES=abc: not a
// number"). Call it after fs.Parse.
func setFromEnv(fs *flag.FlagSet, lookup func(string) (string, bool)) (map[string]string, error) {
	given := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	set := make(map[string]string)
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if err != nil || given[f.Name] || f.Name == versionFlag {
			return
		}
		env := envName(f.Name)
		v, ok := lookup(env)
		if !ok || v == "" {
			return
		}
		if e := fs.Set(f.Name, v); e != nil {
			err = fmt.Errorf("%s=%s: %s", env, v, envProblem(f, v, e))
			return
		}
		set[f.Name] = env + "=" + v
	})
	if err != nil {
		return nil, err
	}
	return set, nil
}

// envProblem says what is wrong with value v that flag f refused with err.
func envProblem(f *flag.Flag, v string, err error) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return err.Error()
	}
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		if _, e := strconv.ParseInt(v, 0, 64); errors.Is(e, strconv.ErrRange) {
			return "out of range"
		}
		return "not a number"
	case float64:
		return "not a number"
	case bool:
		return "want true or false"
	case time.Duration:
		return "not a duration such as 30s or 2m"
	}
	return err.Error()
}

// envHelp is the help's paragraph on the environment, naming the variable
// of each flag of fs.
func envHelp(fs *flag.FlagSet) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if f.Name != versionFlag {
			names = append(names, envName(f.Name))
		}
	})
	return fmt.Sprintf(`
Environment:
  Every flag can also be set by an environment variable, %s and the
  flag's name in upper case with _ for -: EMPIRES_ADDR=:7777 for -addr,
  EMPIRES_MAX_GAMES=20 for -max-games. A flag on the command line wins
  over its variable; an empty variable is ignored. The variables:
  %s
`, envPrefix, wrap(names, 76, "  "))
}

// wrap joins words with spaces in lines of at most width characters, each
// line after the first starting with indent.
func wrap(words []string, width int, indent string) string {
	var b strings.Builder
	n := len(indent)
	for i, w := range words {
		if i > 0 {
			if n+1+len(w) > width {
				b.WriteString("\n" + indent)
				n = len(indent)
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}
