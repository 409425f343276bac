package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// file is a file of an archive: its path under the archive's directory
// (with /), its bytes, and whether it is a program.
type file struct {
	name string
	data []byte
	exec bool
}

// sorted returns files sorted by name, for archives that do not depend on
// the order the files were gathered in.
func sorted(files []file) []file {
	s := slices.Clone(files)
	slices.SortFunc(s, func(a, b file) int { return strings.Compare(a.name, b.name) })
	return s
}

// mode is a file's permissions in an archive.
func (f file) mode() int64 {
	if f.exec {
		return 0o755
	}
	return 0o644
}

// writeTarGz writes files under directory dir as a gzipped tar to w, every
// file stamped mtime and owned by root.
func writeTarGz(w io.Writer, dir string, files []file, mtime time.Time) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	for _, d := range dirs(dir, files) {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: mtime, Format: tar.FormatPAX}); err != nil {
			return err
		}
	}
	for _, f := range sorted(files) {
		h := &tar.Header{Typeflag: tar.TypeReg, Name: path.Join(dir, f.name), Mode: f.mode(),
			Size: int64(len(f.data)), ModTime: mtime, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(f.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// writeZip writes files under directory dir as a zip to w, every file
// stamped mtime.
func writeZip(w io.Writer, dir string, files []file, mtime time.Time) error {
	zw := zip.NewWriter(w)
	for _, d := range dirs(dir, files) {
		h := &zip.FileHeader{Name: d + "/", Modified: mtime}
		h.SetMode(fs.ModeDir | 0o755)
		if _, err := zw.CreateHeader(h); err != nil {
			return err
		}
	}
	for _, f := range sorted(files) {
		h := &zip.FileHeader{Name: path.Join(dir, f.name), Method: zip.Deflate, Modified: mtime}
		h.SetMode(fs.FileMode(f.mode()))
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := fw.Write(f.data); err != nil {
			return err
		}
	}
	return zw.Close()
}

// dirs returns dir and every directory of the files under it, sorted.
func dirs(dir string, files []file) []string {
	seen := map[string]bool{dir: true}
	for _, f := range files {
		for d := path.Dir(f.name); d != "."; d = path.Dir(d) {
			seen[path.Join(dir, d)] = true
		}
	}
	var ds []string
	for d := range seen {
		ds = append(ds, d)
	}
	slices.Sort(ds)
	return ds
}
