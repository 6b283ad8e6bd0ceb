// Command ocrfix learns to correct OCR output from documents whose true text
// is known, corrects new OCR output, and measures how much it helped.
//
// Usage:
//
//	ocrfix <command> [flags]
//
// Run "ocrfix -h" for the list of commands and "ocrfix help <command>" (or
// "ocrfix <command> -h") for the flags of one command. Help asked for is
// printed on stdout; usage after a mistake on stderr.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"ocrfix/data"
)

// command is one subcommand. run parses args itself (with a flag.FlagSet
// writing to stderr) and returns an error; a usageError means exit 2.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

// register adds a subcommand; each command file calls it from init.
func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("ocrfix: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// usageError marks a command-line mistake (exit status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

func main() {
	go cleanUpOnSignal(os.Stderr)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// cleanUpOnSignal waits for an interrupt (Ctrl-C) or a termination
// signal, then removes the temporary files of the outputs being written
// (data.RemoveTempFiles), so that a stopped run leaves only whole files
// behind, and exits with 128 plus the signal's number, as a shell reports
// a process killed by it.
func cleanUpOnSignal(stderr io.Writer) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	sig := <-sigs
	data.RemoveTempFiles()
	fmt.Fprintf(stderr, "ocrfix: stopped by %v: the files already written are whole, none is left half-written\n", sig)
	code := 1
	if s, ok := sig.(syscall.Signal); ok {
		code = 128 + int(s)
	}
	os.Exit(code)
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stderr)
		return 2
	}
	if args[0] == "help" && len(args) == 2 {
		if _, ok := commands[args[1]]; ok {
			args = []string{args[1], "-h"} // ocrfix help correct: the command's own help
		}
	}
	if args[0] == "help" || helpFlag(args[0]) {
		if len(args) > 2 && args[0] == "help" {
			fmt.Fprintf(stderr, "ocrfix help: takes one command, got %q\n\n", args[1:])
			printUsage(stderr)
			return 2
		}
		if len(args) > 1 && args[0] == "help" {
			fmt.Fprintf(stderr, "ocrfix help: unknown command %q\n\n", args[1])
			printUsage(stderr)
			return 2
		}
		printUsage(stdout) // asked for: on stdout, for a pager
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "ocrfix: unknown command %q\n\n", args[0])
		printUsage(stderr)
		return 2
	}
	if asksHelp(args[1:]) {
		// the command's help, asked for, goes to stdout (its usage after a
		// mistake goes to stderr)
		stderr = stdout
	}
	err := c.run(args[1:], stdout, stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "ocrfix %s: %v\n", c.name, err)
		return 2
	}
	fmt.Fprintf(stderr, "ocrfix %s: %v\n", c.name, err)
	return 1
}

// helpFlag reports whether arg asks for help (-h, -help, --help).
func helpFlag(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// asksHelp reports whether a command's arguments ask for its help: a help
// flag before any "--".
func asksHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if helpFlag(a) {
			return true
		}
	}
	return false
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, "ocrfix learns to correct OCR output and measures how much it helped.\n\nUsage: ocrfix <command> [flags]\n\nCommands:\n")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "\nRun \"ocrfix help <command>\" or \"ocrfix <command> -h\" for the flags of a command.\n")
}

// newFlagSet returns a FlagSet for a subcommand that reports errors instead
// of exiting, and prints its usage to stderr.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: ocrfix %s\n\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, turning a flag error into a usageError. Flags
// may come after the inputs too (`profile DIR -o FILE`): parsing goes on
// past each input, which fs.Args then lists in order; after "--" every
// argument is an input. "-" (standard input) is an input.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var inputs []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return usageError{err.Error()}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			inputs = append(inputs, rest...)
			break
		}
		inputs = append(inputs, rest[0])
		args = rest[1:]
	}
	// Parse again with the inputs alone after "--", so that fs.Args lists
	// them; the flags set above keep their values.
	if err := fs.Parse(append([]string{"--"}, inputs...)); err != nil {
		return usageError{err.Error()}
	}
	return nil
}
