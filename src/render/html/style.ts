// The page's one style sheet, inline and allowed by its hash in the Content-Security-Policy. The
// colours pass WCAG AA on their backgrounds (4.5:1 for text, 3:1 for the shapes of the charts);
// print drops the navigation and keeps tables whole where it can.
export const PAGE_STYLE = `
:root{color-scheme:light;--text:#1f2328;--muted:#57606a;--line:#d0d7de;--pass:#1a7f37;--fail:#b3261e;--warn:#8a5300;--accent:#0b57d0;--map:#6f42c1;--soft:#f6f8fa;--mark:#fff8c5}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:#fff}
a{color:var(--accent)}
a:focus-visible,summary:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px;z-index:1}
header,main,footer,nav{max-width:1100px;margin:0 auto;padding:0 20px}
header{padding-top:20px}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;margin:1.6em 0 .5em;border-bottom:1px solid var(--line);padding-bottom:.2em}
.goal{font-size:1.1em;margin:.3em 0 .8em}
.verdict{display:inline-block;font-weight:700;padding:2px 10px;border-radius:4px;border:2px solid currentColor}
.verdict-pass,.pass{color:var(--pass)}.verdict-fail,.fail{color:var(--fail)}.verdict-draft-ok{color:var(--accent)}.warning{color:var(--warn)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:12px 0}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
nav ul{list-style:none;padding:0;margin:12px 0;display:flex;flex-wrap:wrap;gap:4px 16px}
form.filters:not([hidden]){display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;margin:8px 0}form.filters output{color:var(--muted)}
select{font:inherit;padding:2px 4px}
h3{font-size:1.05em;margin:1.2em 0 .3em}
ul.checklist{list-style:none;padding:0}ul.checklist li{padding:3px 0}
.mark{display:inline-block;width:1.4em;font-weight:700}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:.95em}
th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{background:var(--soft)}
td.text{white-space:pre-wrap;overflow-wrap:anywhere}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
code.id{white-space:nowrap;overflow-wrap:normal}code.path{overflow-wrap:normal}code.path .segment{white-space:nowrap}code.path.long{overflow-wrap:anywhere}
figure{margin:8px 0}figcaption{color:var(--muted);font-size:.9em}
svg{max-width:100%;height:auto;font:13px system-ui,sans-serif}
svg .lane{fill:var(--muted);font-weight:600}svg .label{fill:var(--text)}svg .rule{stroke:var(--line)}
svg .map{fill:var(--map)}svg .hypothesis{fill:var(--accent)}svg .confirms{fill:var(--pass)}svg .invalidates{fill:var(--fail)}
svg .neutral{fill:var(--muted)}svg .replan{fill:var(--warn)}svg .stop{fill:var(--text)}svg .unmatched,svg .problem{fill:none;stroke:var(--fail);stroke-width:2}
svg .subagent{fill:none;stroke:var(--text);stroke-width:1.5;stroke-dasharray:3 2}.legend{display:block;margin-top:4px}.legend svg{vertical-align:middle}
svg .used{fill:none;stroke:var(--accent);stroke-width:2.5}svg .total{stroke:var(--fail);stroke-dasharray:6 4;stroke-width:2}
svg .bar{fill:var(--accent)}svg .axis{stroke:var(--muted)}svg .tick{fill:var(--muted)}svg .point{fill:var(--accent)}
.source{display:grid;grid-template-columns:max-content minmax(0,1fr);border:1px solid var(--line);background:var(--soft)}
.source pre{margin:0;padding:8px 0;font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre}
.source .gutter{padding:8px 1em 8px 12px;text-align:right;color:var(--muted);border-right:1px solid var(--line);user-select:none}
.source .code{overflow-x:auto;padding-left:12px}
.source .flagged{display:inline-block;min-width:100%;background:var(--mark)}
.source mark{background:#ffd8a8;color:inherit;outline:1px solid var(--fail);outline-offset:-1px}
.source .flagged:target,tr:target{outline:2px solid var(--accent);background:var(--mark)}
.source .note{margin-left:2em;color:var(--fail);font-style:italic}
footer{color:var(--muted);font-size:.9em;margin-top:32px;padding-bottom:24px;border-top:1px solid var(--line);padding-top:8px}
@media print{nav,.skip{display:none}a{color:inherit;text-decoration:none}tr,figure{break-inside:avoid}h2{break-after:avoid}.source .code{overflow:visible}}
`.trim();
