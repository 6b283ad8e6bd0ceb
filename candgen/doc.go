// Package candgen proposes correction candidates for OCR tokens: the
// character confusion model learned from aligned training pairs, the
// lexicon, the deletion index that finds lexicon words near a token, and
// the garbage rules that flag likely OCR errors.
//
// (The full manual follows in a later revision.)
package candgen
