//go:build !unix

package fdlimit

// Raise does nothing where the limit of open files is not a resource
// limit (Windows); it returns 0: unknown.
func Raise() (uint64, error) { return 0, nil }
