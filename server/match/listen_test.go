package match

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"testing"

	"empires/server/internal/logbuf"
	"empires/shared/ruleset"
)

// toldRuleset is the counting game whose events say whom they are for:
// each seat's (and the spectator's) are its own bytes, so a test sees
// whose events an AI was handed.
type toldRuleset struct{ *countRuleset }

func (r toldRuleset) New(cfg ruleset.Config) (ruleset.Game, error) {
	g, err := r.countRuleset.New(cfg)
	if err != nil {
		return nil, err
	}
	return toldGame{g.(*countGame)}, nil
}

// toldGame is a counting game whose outcomes are toldOutcomes.
type toldGame struct{ *countGame }

func (g toldGame) Resolve(subs []ruleset.Submission) (ruleset.Outcome, error) {
	seq := g.s.Seq
	out, err := g.countGame.Resolve(subs)
	if err != nil {
		return nil, err
	}
	return toldOutcome{out.(countOutcome), seq}, nil
}

func (g toldGame) Act(s ruleset.Seat, action []byte) (ruleset.Outcome, error) {
	seq := g.s.Seq
	out, err := g.countGame.Act(s, action)
	if err != nil {
		return nil, err
	}
	return toldOutcome{out.(countOutcome), seq}, nil
}

// toldOutcome is the events of step Seq, for one audience at a time.
type toldOutcome struct {
	words countOutcome
	seq   uint32
}

// told is what a toldOutcome's events say.
type told struct {
	For       ruleset.Seat
	AllSeeing bool
	Seq       uint32
	Words     []string
}

func (o toldOutcome) Events(s ruleset.Seat, allSeeing bool) ([]byte, error) {
	return json.Marshal(told{For: s, AllSeeing: allSeeing, Seq: o.seq, Words: o.words})
}

func (o toldOutcome) Count() int { return o.words.Count() }

// listenAI is the tests' AI that is a ruleset.Listener: it counts 1 and
// bids 1, and logs what it hears and when it acts, as "hear SEAT@SEQ"
// (the step whose events it heard) and "act SEAT@SEQ". Hear fails for the
// seat and step fail names.
type listenAI struct {
	fail string // "SEAT@SEQ" whose Hear fails
	mu   sync.Mutex
	log  []string
	bad  []string // events heard that are not the seat's own
}

func (a *listenAI) Act(_ ruleset.View, step ruleset.Step, s ruleset.Seat) ([]byte, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.log = append(a.log, fmt.Sprintf("act %d@%d", s, step.Seq))
	return []byte{1}, nil
}

func (a *listenAI) Hear(s ruleset.Seat, events []byte) error {
	var t told
	if err := json.Unmarshal(events, &t); err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if t.For != s || t.AllSeeing {
		a.bad = append(a.bad, fmt.Sprintf("seat %d heard %+v", s, t))
	}
	at := fmt.Sprintf("%d@%d", s, t.Seq)
	a.log = append(a.log, "hear "+at)
	if at == a.fail {
		return errors.New("a test's failure")
	}
	return nil
}

// TestAIHears (ruleset.Listener): after every step the AI hears, for each
// seat it plays and only those, that seat's own events (never a person's
// seat's, a spectator's or the all-seeing one), in the order the steps
// were played, and before it next acts for the seat. A Hear that fails is
// logged and the game goes on.
func TestAIHears(t *testing.T) {
	var logs logbuf.Buffer
	set := countSettings()
	set.Bots = 2 // Ann alone is a person; Bob (2) and seat 3 are bots
	set.AllSeeing = true
	set.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	clock := newFakeClock()
	m, err := New(1, toldRuleset{newCountRuleset()}, set, clock)
	if err != nil {
		t.Fatal(err)
	}
	ai := &listenAI{fail: "3@2"}
	m.ai = ai
	h := run(t, m, clock)
	ann, watcher := h.connect(1), h.connect(0)

	// Turn 1: Ann counts (step 1), Bob answers (2), all bid (3). Turn 2:
	// Bob counts (4), seat 3 answers (5), all bid (6).
	h.act(1, 1, 3)
	for seq := 2; seq <= 3; seq++ {
		if seq > 2 {
			h.pace() // Bob's answer
		}
		ann.nextTurn()
		watcher.nextTurn()
	}
	h.submit(1, 1, []byte{0})
	h.ready(1)
	for seq := 4; seq <= 6; seq++ {
		if seq > 4 {
			h.pace() // the bots' count and answer
		}
		ann.nextTurn()
		watcher.nextTurn()
	}
	wantStep(t, "turn 2's bids", h.status().Step, ruleset.Simultaneous, 6, 1, 2, 3)

	ai.mu.Lock()
	have, bad := ai.log, ai.bad
	ai.mu.Unlock()
	if len(bad) > 0 {
		t.Errorf("the AI heard events not its seat's own: %v", bad)
	}
	want := []string{
		"hear 2@1", "hear 3@1", "act 2@2", // Ann counted; Bob answers
		"hear 2@2", "hear 3@2", "act 2@3", "act 3@3", // the bids
		"hear 2@3", "hear 3@3", "act 2@4", // Bob counts
		"hear 2@4", "hear 3@4", "act 3@5", // seat 3 answers
		"hear 2@5", "hear 3@5", "act 2@6", "act 3@6", // the bids
	}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("the AI's log:\nhave %q\nwant %q", have, want)
	}
	if !strings.Contains(logs.String(), "the AI does not hear the step") || !strings.Contains(logs.String(), "a test's failure") {
		t.Errorf("seat 3's failed Hear is not logged: %s", logs.String())
	}
}
