// Package htmlreport writes the HTML reports of ocrfix: pages a person
// reads in a browser instead of the text and CSV files of package eval.
//
// WriteEval (ocrfix eval -report) and WriteBench (ocrfix bench -report)
// write DIR/index.html, the corpus summary, one sortable, paged row per
// document, plots (gonum.org/v1/plot, drawn as inline SVG) and a heat map
// of the most frequent character confusions, and DIR/docs/<doc>.html (the
// document's name with separators and characters unsafe in a URL as '_',
// made unique by eval.FileNames: `1850/p1` beside `1850_p1` gets
// `1850_p1~2.html`), the truth beside each reading, aligned by the order-preserving word
// alignment of package eval and cut into rows at words every reading
// matches. Words are coloured by what happened to them: right throughout,
// fixed (wrong in the OCR, right after correction), broken (right in the
// OCR, lost by the correction) and still wrong; a changed word shows its
// candidates and their scores when the pointer rests on it. WriteBench
// also tabulates the changes by kind (eval.ChangeKind) and whether each
// helped or hurt (eval.ChangeEffects).
//
// WriteChanges (ocrfix correct -report) is for a collection without truth:
// every change with its context, kind, score and margin over the OCR
// token, filterable by kind and sortable, and the changes per document.
//
// Pages are self-contained: inline CSS and SVG, a few lines of plain
// JavaScript that page and sort the tables (their data is JSON in the
// page), nothing fetched from elsewhere. Figures are formatted as the text
// reports format them, so the two can be compared cell for cell. Every
// file is written atomically. The package never prints, exits or reads
// flags.
package htmlreport
