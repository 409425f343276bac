// Package doclinks holds only a test: that every relative link of the
// README and of docs/*.md names a file of the repository that exists, and,
// when it names a heading (#anchor) of a Markdown file, a heading that file
// has. Run by make test like every package of the module.
package doclinks
