package experiment

import (
	"strings"
	"testing"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/model"
)

// TestMarksLineBreaksOfDoc: a document whose format says its truth writes
// the hyphen of a word broken at a line end as ¬ (a HIPE-OCRepair record,
// data.Doc.MarksLineBreaks) is corrected with the mark, as ocrfix correct
// writes such a record, though the model's own training truth keeps the
// hyphen; a document that does not say so keeps it.
func TestMarksLineBreaksOfDoc(t *testing.T) {
	var train []*data.Doc
	for i, s := range []string{"the members of the committee met on the day", "the report of the minister was read to them", "they said that the government had the papers"} {
		train = append(train, doc(t, "books", string(rune('a'+i)), s, strings.Replace(s, "the", "tbe", 1)))
	}
	marked := doc(t, "hipe", "m", "The meeting was re¬\nsolved upon.", "The meeting was re-\nsolved upon.")
	marked.MarksLineBreaks = true
	plain := doc(t, "hipe", "p", "They had govern-\nment papers.", "They had govern-\nment papers.")
	opt := model.DefaultOptions()
	opt.NoLDA, opt.NoVectors = true, true
	cv, err := Transfer([]*data.Corpus{{Name: "books", Docs: train}}, []*data.Corpus{{Name: "hipe", Docs: []*data.Doc{marked, plain}}}, opt, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, o := range cv.Docs {
		got[o.Stem] = strings.Join(o.Corrected, " ")
	}
	if !strings.Contains(got["m"], "re¬ solved") {
		t.Errorf("a document whose truth marks: %q, want re¬ solved", got["m"])
	}
	if !strings.Contains(got["p"], "govern- ment") {
		t.Errorf("a document that does not say so: %q, want govern- ment as read", got["p"])
	}
}
