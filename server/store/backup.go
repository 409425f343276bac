package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Backup copies the Empires database at src to a new file dst, safely
// while a server writes to src: SQLite's VACUUM INTO reads one consistent
// snapshot of the database (the last committed turn) inside a read
// transaction, which WAL mode lets run beside the server's writes. The
// copy is written to dst.partial beside dst, checked (an Empires database
// of this schema, sound), synced and renamed to dst, so dst is either a
// whole checked backup or missing. Backup refuses a src that is missing
// or not an Empires database, and a dst that exists.
func Backup(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("backup: the database: %w", err)
	}
	if err := checkHeader(src); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("backup: %s exists already: give a new file", dst)
	}
	partial := dst + ".partial"
	_ = os.Remove(partial) // a crashed backup's
	db, err := sql.Open("sqlite", src+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("backup: open %s: %w", src, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var appID int64
	if err := db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID); err != nil {
		return fmt.Errorf("backup: %s: %w", src, err)
	}
	if appID != ApplicationID {
		return fmt.Errorf("backup: %s is not an Empires database (application id %#x)", src, appID)
	}
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", partial); err != nil {
		_ = os.Remove(partial)
		return fmt.Errorf("backup: copy %s to %s: %w", src, partial, err)
	}
	if err := finish(partial, dst); err != nil {
		_ = os.Remove(partial)
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}

// finish checks the backup written to partial, syncs it and renames it to
// dst.
func finish(partial, dst string) error {
	if err := prepare(partial, false); err != nil {
		return fmt.Errorf("the copy does not check: %w", err)
	}
	f, err := os.OpenFile(partial, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("%s appeared while the backup ran", dst)
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := os.Rename(partial, dst); err != nil {
		return err
	}
	if d, err := os.Open(filepath.Dir(dst)); err == nil {
		_ = d.Sync() // the rename is durable once the directory is
		d.Close()
	}
	return nil
}
