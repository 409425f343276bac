package host

import (
	"fmt"
	"log/slog"

	"empires/server/lobby"
	"empires/server/store"
	"empires/shared/protocol"
)

// openStore opens the games database in data directory dir (creating
// both if missing). Its error says what is wrong with the file: the server
// must not start on a database it cannot read (nor reset it).
func openStore(dir string, log *slog.Logger) (*store.Store, error) {
	st, err := store.OpenDir(dir)
	if err != nil {
		return nil, fmt.Errorf("saved games: %w", err)
	}
	log.Info("games are saved", "db", st.Path())
	return st, nil
}

// restoreGames resumes the unfinished games of lb's store, those resume
// accepts if not nil.
func restoreGames(lb *lobby.Lobby, st *store.Store, resume func(protocol.GameID) bool, log *slog.Logger) error {
	if st == nil {
		return nil
	}
	n, err := lb.Restore(resume)
	if err != nil {
		return fmt.Errorf("saved games: %w", err)
	}
	if n > 0 {
		log.Info("saved games resumed", "games", n, "db", st.Path())
	}
	return nil
}

// closeStore closes st, if any, once the matches have stopped.
func closeStore(st *store.Store, log *slog.Logger) {
	if st == nil {
		return
	}
	if err := st.Close(); err != nil {
		log.Warn("closing the saved games", "db", st.Path(), "err", err)
	}
}
