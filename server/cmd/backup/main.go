// Command backup copies the database of an Empires server to a backup
// file while the server runs (see store.Backup: an online, consistent
// copy, not a file copy that could catch a turn half written).
//
//	go run ./server/cmd/backup -data DIR -out FILE
//	go run ./server/cmd/backup -data DIR -dir BACKUPS -keep 14
//
// With -out it writes FILE, which must not exist. With -dir it writes
// BACKUPS/empires-YYYYMMDDTHHMMSSZ.db (the time in UTC), then deletes the
// oldest such files beyond the newest -keep; what a systemd timer runs.
// It prints the backup's path. Exit 0 on success, 2 for bad flags, 1 when
// the backup failed (nothing is left half written).
//
// CHOICE: a command rather than an operation of the admin view: a systemd
// timer runs it without the admin token, it needs no network, and it
// works on the data directory of a server that is stopped as well.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"empires/server/store"
	"empires/shared/buildinfo"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(realMain(ctx, os.Args[1:], time.Now, os.Stdout, os.Stderr))
}

// errUsage marks an error in the command line.
var errUsage = errors.New("usage")

// realMain runs the command and returns its exit code; now gives the time
// that names a backup in -dir.
func realMain(ctx context.Context, args []string, now func() time.Time, stdout, stderr io.Writer) int {
	err := run(ctx, args, now, stdout, stderr)
	switch {
	case err == nil || errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "backup: %v\nRun 'empires-backup -h' for the flags.\n", err)
		return 2
	}
	fmt.Fprintf(stderr, "backup: %v\n", err)
	return 1
}

func run(ctx context.Context, args []string, now func() time.Time, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Backs up the database of an Empires server, safely while it runs.

Usage: empires-backup -data DIR -out FILE
       empires-backup -data DIR -dir BACKUPS [-keep N]

Flags:
`)
		fs.PrintDefaults()
	}
	data := fs.String("data", "", "the server's data directory `DIR` (its -data), which holds empires.db")
	out := fs.String("out", "", "write the backup to this new `file`")
	dir := fs.String("dir", "", "write the backup into this `directory` (created if missing), named by the time")
	keep := fs.Int("keep", 14, "with -dir, the backups to keep: older ones are deleted; 0 keeps all")
	version := buildinfo.VersionFlag(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *version {
		fmt.Fprintln(stdout, buildinfo.Version())
		return nil
	}
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	case *data == "":
		return fmt.Errorf("%w: give -data DIR, the server's data directory", errUsage)
	case (*out == "") == (*dir == ""):
		return fmt.Errorf("%w: give -out FILE or -dir BACKUPS", errUsage)
	case *keep < 0:
		return fmt.Errorf("%w: -keep %d: must be 0 (keep all) or more", errUsage, *keep)
	}
	dst := *out
	if *dir != "" {
		if err := os.MkdirAll(*dir, 0o750); err != nil {
			return err
		}
		dst = filepath.Join(*dir, backupName(now()))
	}
	if err := store.Backup(ctx, filepath.Join(*data, store.FileName), dst); err != nil {
		return err
	}
	fmt.Fprintln(stdout, dst)
	if *dir != "" && *keep > 0 {
		return prune(*dir, *keep, stdout)
	}
	return nil
}

// backupPrefix and backupSuffix frame the name of a backup in -dir.
const (
	backupPrefix = "empires-"
	backupSuffix = ".db"
	stampLayout  = "20060102T150405Z"
)

// backupName is the file name of a backup taken at t.
func backupName(t time.Time) string {
	return backupPrefix + t.UTC().Format(stampLayout) + backupSuffix
}

// prune deletes the backups in dir (the files backupName names) but the
// newest keep, printing each it deletes. It touches no other file.
func prune(dir string, keep int, stdout io.Writer) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var backups []string
	for _, e := range entries {
		n := e.Name()
		stamp, hasPrefix := strings.CutPrefix(n, backupPrefix)
		stamp, hasSuffix := strings.CutSuffix(stamp, backupSuffix)
		if !hasPrefix || !hasSuffix || !e.Type().IsRegular() {
			continue
		}
		if _, err := time.Parse(stampLayout, stamp); err == nil {
			backups = append(backups, n)
		}
	}
	slices.Sort(backups) // the stamps sort by time
	for len(backups) > keep {
		p := filepath.Join(dir, backups[0])
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("delete an old backup: %w", err)
		}
		fmt.Fprintln(stdout, "deleted", p)
		backups = backups[1:]
	}
	return nil
}
