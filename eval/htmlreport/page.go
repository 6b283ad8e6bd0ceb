package htmlreport

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"
)

// Table is a table of preformatted cells, as a text report prints them.
type Table struct {
	Header []string
	Rows   [][]string
}

// css is the style of every page: readable on a phone (tables scroll
// sideways inside their box, plots shrink to the width).
const css = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:72em;padding:0 .8em 3em;color:#1b1b1b;background:#fff}
h1{font-size:1.35em;margin:.8em 0 .2em}h2{font-size:1.1em;margin:1.6em 0 .4em;border-bottom:1px solid #ddd}
.prov{color:#666;font-size:.85em}.note{color:#444;font-size:.9em;margin:.3em 0}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:.9em}th,td{padding:.25em .6em;border-bottom:1px solid #eee;text-align:right;white-space:nowrap}
th{background:#f4f4f4;position:sticky;top:0}th:first-child,td:first-child{text-align:left}
th.s{cursor:pointer;user-select:none}th.s:after{content:" \2195";color:#aaa}
.pager{margin:.4em 0;font-size:.9em}.pager button,.pager select{font:inherit;margin-right:.4em}
svg{max-width:100%;height:auto}figure{margin:1em 0;display:inline-block;vertical-align:top;max-width:100%}figcaption{font-size:.85em;color:#444;max-width:36em}
.plots{display:flex;flex-wrap:wrap;gap:1em}
.sbs{table-layout:fixed;width:100%;font-size:.95em}.sbs td{white-space:normal;text-align:left;vertical-align:top;border-bottom:1px solid #f0f0f0;word-wrap:break-word}
.sbs th{text-align:left}
.ok{}.fix{background:#c8f0c8}.brk{background:#ffb3b3;text-decoration:line-through}.wrg{background:#ffe0a8}.err{background:#eee;color:#a33}
.chg{border-bottom:2px dotted #333;cursor:help}
.legend span{padding:0 .3em;margin-right:.4em}
.heat td{text-align:center;min-width:2.2em}.heat th{font-family:monospace}
.ctx{white-space:normal;text-align:left;min-width:16em}.ctx b{background:#ffe0a8}
@media (max-width:600px){body{font-size:14px;padding:0 .4em 2em}th,td{padding:.2em .35em}}
`

// js pages and sorts the tables built from the JSON data of a page
// (element ids tbl-*). Each table's data is {cols:[{h,n}], rows:[{c:[...],
// h:href}], filter:col}: cells are the strings shown; a column with n set
// sorts numerically ("n/a" last). Errors are written into the page's
// data-js-error attribute (read by the browser test).
const js = `
(function(){
function num(s){var x=parseFloat(String(s).replace(/[%,]/g,''));return isNaN(x)?null:x}
function mk(t,a,txt){var e=document.createElement(t);for(var k in a)e.setAttribute(k,a[k]);if(txt!=null)e.textContent=txt;return e}
function build(box){
 var d=JSON.parse(document.getElementById(box.getAttribute('data-src')).textContent);
 var per=+box.getAttribute('data-per')||50,page=0,sortc=-1,desc=false,flt='',rows=d.rows;
 var bar=mk('div',{'class':'pager'}),wrap=mk('div',{'class':'scroll'}),tb=mk('table',{'class':'data'});
 box.appendChild(bar);box.appendChild(wrap);wrap.appendChild(tb);
 var sel=null;
 if(d.filter!=null&&d.filter>=0){sel=mk('select',{'aria-label':'filter'});sel.appendChild(mk('option',{value:''},'all '+d.cols[d.filter].h));
  var seen={};d.rows.forEach(function(r){seen[r.c[d.filter]]=(seen[r.c[d.filter]]||0)+1});
  Object.keys(seen).sort().forEach(function(k){sel.appendChild(mk('option',{value:k},k+' ('+seen[k]+')'))});
  sel.onchange=function(){flt=sel.value;page=0;apply();draw()}}
 var prev=mk('button',{type:'button'},'\u2039 prev'),next=mk('button',{type:'button'},'next \u203a'),info=mk('span');
 prev.onclick=function(){if(page>0){page--;draw()}};next.onclick=function(){if((page+1)*per<rows.length){page++;draw()}};
 if(sel)bar.appendChild(sel);bar.appendChild(prev);bar.appendChild(next);bar.appendChild(info);
 var hr=mk('tr');d.cols.forEach(function(c,i){var th=mk('th',{'class':'s',title:'sort'},c.h);th.onclick=function(){desc=(sortc==i)?!desc:!!c.n;sortc=i;apply();draw()};hr.appendChild(th)});
 var th=mk('thead');th.appendChild(hr);tb.appendChild(th);var body=mk('tbody');tb.appendChild(body);
 function apply(){rows=d.rows.filter(function(r){return !flt||r.c[d.filter]===flt});
  if(sortc<0)return;var c=d.cols[sortc];rows=rows.slice().sort(function(a,b){
   var x=a.c[sortc],y=b.c[sortc],r;
   if(c.n){x=num(x);y=num(y);if(x===null&&y===null)r=0;else if(x===null)return 1;else if(y===null)return -1;else r=x-y}
   else r=x<y?-1:x>y?1:0;
   return desc?-r:r})}
 function draw(){body.textContent='';var a=page*per,b=Math.min(rows.length,a+per);
  for(var i=a;i<b;i++){var r=rows[i],tr=mk('tr');r.c.forEach(function(v,j){var td=mk('td');
   if(j==0&&r.h){td.appendChild(mk('a',{href:r.h},v))}else if(d.cols[j].html){td.innerHTML=v;td.className='ctx'}else td.textContent=v;tr.appendChild(td)});body.appendChild(tr)}
  info.textContent=rows.length?('rows '+(a+1)+'\u2013'+b+' of '+rows.length):'no rows';
  prev.disabled=page==0;next.disabled=b>=rows.length}
 apply();draw();box.setAttribute('data-rows',String(d.rows.length))}
try{document.querySelectorAll('div[data-src]').forEach(build)}catch(e){document.documentElement.setAttribute('data-js-error',String(e))}
})();
`

// errHook records script errors in the page (before any other script).
const errHook = `window.addEventListener('error',function(e){document.documentElement.setAttribute('data-js-error',String(e.message))});`

// page writes the head of a page, calls body, and closes it.
func page(w io.Writer, title, provenance string, scripted bool, body func(p *printer)) error {
	bw := bufio.NewWriter(w)
	p := &printer{w: bw}
	p.f("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
	p.f("<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n")
	p.f("<title>%s</title>\n<style>%s</style>\n", esc(title), css)
	p.f("<script>%s</script>\n</head><body>\n", errHook)
	p.f("<h1>%s</h1>\n", esc(title))
	if provenance != "" {
		p.f("<p class=\"prov\">%s</p>\n", esc(provenance))
	}
	body(p)
	if scripted {
		p.f("<script>%s</script>\n", js)
	}
	p.f("</body></html>\n")
	if p.err != nil {
		return p.err
	}
	return bw.Flush()
}

// printer writes formatted text and keeps the first error.
type printer struct {
	w   *bufio.Writer
	err error
}

func (p *printer) f(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

func (p *printer) s(s string) {
	if p.err == nil {
		_, p.err = p.w.WriteString(s)
	}
}

func esc(s string) string { return html.EscapeString(s) }

// table writes a static table.
func (p *printer) table(t Table, class string) {
	p.f("<div class=\"scroll\"><table class=\"%s\"><thead><tr>", class)
	for _, h := range t.Header {
		p.f("<th>%s</th>", esc(h))
	}
	p.s("</tr></thead><tbody>\n")
	for _, r := range t.Rows {
		p.s("<tr>")
		for _, c := range r {
			p.f("<td>%s</td>", esc(c))
		}
		p.s("</tr>\n")
	}
	p.s("</tbody></table></div>\n")
}

// dynCol is a column of a scripted table.
type dynCol struct {
	H    string `json:"h"`
	N    bool   `json:"n,omitempty"`    // sorts numerically
	HTML bool   `json:"html,omitempty"` // cells are HTML (escaped by the writer)
}

// dynRow is a row of a scripted table: cells and an optional link for the
// first cell.
type dynRow struct {
	C []string `json:"c"`
	H string   `json:"h,omitempty"`
}

type dynTable struct {
	Cols   []dynCol `json:"cols"`
	Rows   []dynRow `json:"rows"`
	Filter int      `json:"filter"`
}

// dynTable writes a table the script pages and sorts: its data as JSON in
// a script element (encoding/json escapes <, > and &, so the data cannot
// close the element), and the box the script fills; without JavaScript, a
// note says that the same figures are in csv (a path from the page).
func (p *printer) dynTable(id string, t dynTable, per int, csv string) {
	b, err := json.Marshal(t)
	if err != nil && p.err == nil {
		p.err = err
		return
	}
	p.f("<script type=\"application/json\" id=\"%s-data\">%s</script>\n", id, b)
	p.f("<div id=\"%s\" data-src=\"%s-data\" data-per=\"%d\"></div>\n", id, id, per)
	p.f("<noscript><p class=\"note\">This table needs JavaScript; the same figures are in <a href=\"%s\">%s</a>.</p></noscript>\n", html.EscapeString(csv), html.EscapeString(csv))
}

// safeName turns a document name into a file name: path separators and
// characters unsafe in URLs replaced by '_'.
func safeName(doc string) string {
	var b strings.Builder
	for _, r := range doc {
		switch {
		case r == '/' || r == '\\' || r == '?' || r == '#' || r == '%' || r == '"' || r == '<' || r == '>' || r < ' ':
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	s := b.String()
	if s == "" || s == "." || s == ".." {
		s = "_" + s
	}
	return s
}
