// Package fdlimit raises a process's limit of open files (RLIMIT_NOFILE)
// as far as its hard limit allows, for programs that hold many
// connections: every websocket is a file. Go's runtime raises the soft
// limit at start on Linux already; Raise makes it explicit on every Unix
// and says what the process may open, so that a server or a load that
// needs more can say so before its connections fail.
package fdlimit

import "fmt"

// Reserve is the files a program needs besides its connections: the
// listener, the store's files, logs, the runtime's own.
const Reserve = 64

// Check reports, as an error saying what to do, when a process that may
// open files files cannot hold conns connections and Reserve; nil if it
// can, or if files is 0 (unknown).
func Check(files uint64, conns int) error {
	if files == 0 || conns < 0 || files >= uint64(conns)+Reserve {
		return nil
	}
	return fmt.Errorf("this process may open %d files, and %d connections need about %d: "+
		"raise the hard limit of open files (ulimit -Hn, or LimitNOFILE= in a systemd unit) or take fewer connections",
		files, conns, conns+Reserve)
}
