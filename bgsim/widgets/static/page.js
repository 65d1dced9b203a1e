// bgsim page switches: the presentation mode and the board theme of a whole page.
//
// Shared by every bgsim widget (prepended to their anywidget ESM) and by the teacher view's
// Voila template (teach/voila/templates/bgsim), so a page has one set of switches however
// many widgets it holds. The state lives on window.__bgsimPage.
//
// The page's address carries both: ?present=1&board=high-contrast (bgsim/draw/page.py reads the
// same words in the kernel). The presentation mode is a class on <body> (bgsim-present):
// the stylesheet makes boards as wide as the page, text big and the IDs hidden, with no
// round trip to the kernel. A theme is drawn by the kernel: live board widgets are told
// through the "bgsim:page" event (they redraw); board pictures (a cell's SVG output, shown
// as an <img>, or an SVG in an HTML output) are drawn again by the kernel that drew them,
// asked through any bgsim widget on the page ({type: "restyle"}: bgsim.widgets._page). So a
// page run in advance (a preheated kernel, classic) takes the theme of its address, and a
// switch changes every board at once, with no reload. A page with no bgsim widget has no
// way to its kernel: it reloads with the new address instead.

const BGSIM_THEMES = [["classic", "Classic"], ["high-contrast", "High contrast"], ["colorblind", "Colour-blind safe"]];
const BGSIM_THEME_NAMES = {
  "classic": "classic", "high-contrast": "high-contrast", "highcontrast": "high-contrast",
  "contrast": "high-contrast", "colorblind": "colorblind", "colourblind": "colorblind",
  "color-blind": "colorblind", "colour-blind": "colorblind",
};

function bgsimTruthy(value) {
  return value !== null && ["1", "true", "yes", "on"].includes(value.trim().toLowerCase());
}

function bgsimIsVoila() {
  return document.body !== null && document.body.hasAttribute("data-voila");
}

function bgsimPage() {
  if (window.__bgsimPage) return window.__bgsimPage;
  const query = new URLSearchParams(window.location.search);
  const asked = query.get("board");
  const page = {
    theme: BGSIM_THEME_NAMES[(asked || "").trim().toLowerCase()] || "classic",
    themeAsked: asked !== null,   // the address (or the switch) names a theme
    present: bgsimTruthy(query.get("present")),
    restylers: [],                // widgets' ways to the kernel, to draw board pictures again
  };
  window.__bgsimPage = page;

  const notify = () => {
    window.dispatchEvent(new CustomEvent("bgsim:page", { detail: { theme: page.theme, present: page.present } }));
  };
  const writeAddress = () => {
    const url = new URL(window.location.href);
    if (page.present) url.searchParams.set("present", "1"); else url.searchParams.delete("present");
    if (page.themeAsked) url.searchParams.set("board", page.theme);
    window.history.replaceState(window.history.state, "", url.toString());
    return url.toString();
  };
  page.setPresent = (on) => {
    page.present = Boolean(on);
    bgsimApply(page);
    writeAddress();
    notify();
  };
  page.setTheme = (name) => {
    const theme = BGSIM_THEME_NAMES[name] || "classic";
    if (theme === page.theme && page.themeAsked) return;
    page.theme = theme;
    page.themeAsked = true;
    const url = writeAddress();
    bgsimApply(page);
    notify();
    // board pictures: the kernel draws them again; with no widget to reach it, run the page again
    if (!bgsimRestyle(page) && bgsimPictures().length) window.location.replace(url);
  };

  const start = () => {
    bgsimApply(page);
    bgsimMarkBoards(document);
    if (bgsimIsVoila()) {
      bgsimToolbar(page);
      bgsimEnsureXsrf();
    }
    let pending = null;
    window.addEventListener("resize", bgsimFitBoards);
    let fitting = null;
    new MutationObserver((records) => {
      if (page.present && fitting === null) {      // outputs arriving: the boards fit the screen again
        fitting = setTimeout(() => { fitting = null; bgsimFitBoards(); }, 150);
      }
      for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1) bgsimMarkBoards(n);
      if (page.present && document.querySelector("img.bgsim-static-board")) bgsimInlinePictures();
      if (page.themeAsked && pending === null) {       // pictures arriving: in the page's theme
        pending = setTimeout(() => { pending = null; bgsimRestyle(page); }, 200);
      }
    }).observe(document.body, { childList: true, subtree: true });
  };
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
  return page;
}

// A board's width over its height (from its viewBox), as the CSS variable --bgsim-aspect on the
// board and on the widget around it: the presentation mode sizes a board to the screen's height.
function bgsimSetAspect(svg, el) {
  if (!svg) return;
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (box.length !== 4 || !(box[2] > 0 && box[3] > 0)) return;
  const aspect = (box[2] / box[3]).toFixed(4);
  for (const target of [svg, el, el && el.closest(".bgsim-board")]) {
    if (target) target.style.setProperty("--bgsim-aspect", aspect);
  }
}

// The question a board illustrates: the last paragraph (or item, or heading) of the text just
// before the board's cell, in Voila ([cell-index]) or JupyterLab (.jp-Cell). Null if none.
// A widget with a question of its own asks it itself: a drill's task (beside its board), a
// sandbox puzzle's task, a replay's caption (above the board).
function bgsimQuestionOf(el) {
  const own = el.closest(".bgsim-drill, .bgsim-sandbox, .bgsim-replay");
  if (own) {
    const task = own.querySelector(".bgsim-drill-title, .bgsim-sandbox-task, .bgsim-caption");
    if (task && (task.textContent || "").trim()) return task;
  }
  const cell = el.closest("[cell-index]") || el.closest(".jp-Cell");
  let prev = cell && cell.previousElementSibling;
  for (let hops = 0; prev && hops < 3; hops += 1, prev = prev.previousElementSibling) {
    const md = prev.querySelector(".jp-RenderedMarkdown, .jp-MarkdownOutput");
    if (!md) continue;
    const blocks = md.querySelectorAll("p, li, h1, h2, h3, h4");
    return blocks.length ? blocks[blocks.length - 1] : md;
  }
  return null;
}

// In the presentation mode a board is as high as the screen less its question (and whatever
// lies between them): --bgsim-board-h on the board, read by the stylesheet. A question longer
// than a third of the screen is not kept in view (the board stays at least 55% of the screen).
function bgsimFitBoard(el) {
  if (!document.body.classList.contains("bgsim-present") && !el.closest(".bgsim-present")) return;
  const question = bgsimQuestionOf(el);
  const screen = window.innerHeight;
  let above = 0;
  if (question) {
    above = el.getBoundingClientRect().top - question.getBoundingClientRect().top;   // beside: 0 or less
    if (!(above > 0) || above > screen / 3 + 100) above = 0;
  }
  const room = Math.max(screen - above - 10, 0.55 * screen);
  el.style.setProperty("--bgsim-board-h", `${Math.round(room)}px`);
}

function bgsimFitBoards() {
  for (const el of document.querySelectorAll(".bgsim-board, svg.bgsim-board.bgsim-picture")) bgsimFitBoard(el);
}

// The SVG text of a board picture (an <img> with a data: address), or null.
function bgsimPictureText(img) {
  const src = img.getAttribute("src") || "";
  if (!src.startsWith("data:image/svg+xml")) return null;
  try {
    const comma = src.indexOf(",");
    const head = src.slice(0, comma);
    return head.endsWith(";base64") ? atob(src.slice(comma + 1)) : decodeURIComponent(src.slice(comma + 1));
  } catch (e) {
    return null;
  }
}

// In the presentation mode the board pictures go into the page as SVG (not an <img>), so the
// stylesheet can size them to the screen's height and draw their text larger.
function bgsimInlinePictures() {
  for (const img of document.querySelectorAll("img.bgsim-static-board")) {
    const text = bgsimPictureText(img);
    if (!text) continue;
    const holder = document.createElement("div");
    holder.innerHTML = text;
    const svg = holder.querySelector("svg");
    if (!svg) continue;
    svg.classList.add("bgsim-picture");
    svg.dataset.bgsimBoard = img.dataset.bgsimBoard || svg.id;
    if (img.dataset.bgsimTheme) svg.dataset.bgsimTheme = img.dataset.bgsimTheme;
    bgsimSetAspect(svg, null);
    img.replaceWith(svg);
  }
}

function bgsimApply(page) {
  if (!document.body) return;
  document.body.classList.toggle("bgsim-present", page.present);
  if (page.present) bgsimInlinePictures();
  bgsimFitBoards();
  document.body.dataset.bgsimTheme = page.theme;
  const bar = document.querySelector(".bgsim-toolbar");
  if (!bar) return;
  const sw = bar.querySelector(".bgsim-present-switch");
  sw.setAttribute("aria-pressed", String(page.present));
  sw.classList.toggle("bgsim-on", page.present);
  for (const b of bar.querySelectorAll("button[data-theme]")) {
    const on = b.dataset.theme === page.theme;
    b.setAttribute("aria-pressed", String(on));
    b.classList.toggle("bgsim-on", on);
  }
}

// Voila ends a page's kernel when the page closes (a beacon to voila/api/shutdown/<kernel>
// on "beforeunload"), but the server refuses it without the _xsrf cookie, which only some
// pages set (the file list does, a lesson opened from a bookmark does not): the kernel then
// stays until the idle cull. One small request to the file list sets the cookie.
function bgsimEnsureXsrf() {
  if (/(^|;\s*)_xsrf=/.test(document.cookie)) return;
  const base = document.body.dataset.baseUrl || "/voila/";
  fetch(`${base}tree`, { credentials: "same-origin" }).catch(() => {});
}

// A widget offers its way to the kernel (model.send), for the page's board pictures; the
// first one offered asks, and every answer is applied. Returns the cleanup for the view.
function bgsimServeRestyles(page, model) {
  const send = (message) => model.send(message);
  const answer = (message) => {
    if (message && message.type === "restyled") bgsimRestyled(message);
  };
  model.on("msg:custom", answer);
  page.restylers.push(send);
  bgsimRestyle(page);
  return () => {
    model.off("msg:custom", answer);
    page.restylers = page.restylers.filter((s) => s !== send);
  };
}

// The board pictures on the page (not the live board widgets): <img> outputs and SVGs in
// HTML outputs, each with the id of the board as its kernel drew it first.
function bgsimPictures() {
  const out = [];
  for (const img of document.querySelectorAll("img.bgsim-static-board")) {
    if (img.dataset.bgsimBoard) out.push({ el: img, id: img.dataset.bgsimBoard });
  }
  for (const svg of document.querySelectorAll("svg.bgsim-board")) {
    if (svg.closest(".bgsim-board-view")) continue;
    out.push({ el: svg, id: svg.dataset.bgsimBoard || svg.id });
  }
  return out;
}

// Ask the kernel for the pictures not yet in the page's theme; false if no widget can ask.
function bgsimRestyle(page) {
  if (!page.themeAsked) return true;               // the boards as the kernel drew them
  const todo = bgsimPictures().filter((p) => p.el.dataset.bgsimTheme !== page.theme && p.id);
  if (!todo.length) return true;
  const send = page.restylers[0];
  if (!send) return false;
  send({ type: "restyle", theme: page.theme, boards: [...new Set(todo.map((p) => p.id))] });
  return true;
}

function bgsimRestyled(message) {
  const page = window.__bgsimPage;
  if (!page || message.theme !== page.theme) return;     // an answer to an older question
  for (const p of bgsimPictures()) {
    const svg = message.boards[p.id];
    if (svg === undefined) continue;
    if (p.el.tagName === "IMG") {
      p.el.src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      p.el.dataset.bgsimTheme = message.theme;
    } else {
      const holder = document.createElement("div");
      holder.innerHTML = svg;
      const fresh = holder.querySelector("svg");
      if (p.el.classList.contains("bgsim-picture")) {
        fresh.classList.add("bgsim-picture");
        bgsimSetAspect(fresh, null);
      }
      fresh.dataset.bgsimBoard = p.id;
      fresh.dataset.bgsimTheme = message.theme;
      p.el.replaceWith(fresh);
    }
  }
}

// A cell's SVG output is an <img src="data:image/svg+xml,...">: mark the bgsim boards among
// them, so the presentation mode can widen them (and not every picture on the page), and
// keep the board's id, by which its kernel draws it again.
function bgsimMarkBoards(root) {
  const imgs = root.tagName === "IMG" ? [root] : root.querySelectorAll("img");
  for (const img of imgs) {
    if (img.classList.contains("bgsim-static-board")) continue;
    const text = bgsimPictureText(img);
    if (!text || !text.includes('class="bgsim-board"')) continue;
    img.classList.add("bgsim-static-board");
    const id = /<svg[^>]*?\sid="([^"]+)"/.exec(text);
    if (id) img.dataset.bgsimBoard = id[1];
  }
}

function bgsimToolbar(page) {
  if (document.querySelector(".bgsim-toolbar")) return;
  const bar = document.createElement("div");
  bar.className = "bgsim-toolbar";
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", "Presentation and board theme");
  const button = (text, title, cls) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = title;
    b.className = cls;
    return b;
  };
  const present = button("Present", "projector sizes: big boards and text, the rule beside the board, no IDs "
                         + "(address: ?present=1)", "bgsim-present-switch");
  present.addEventListener("click", () => page.setPresent(!page.present));
  bar.appendChild(present);
  const label = document.createElement("span");
  label.className = "bgsim-toolbar-label";
  label.textContent = "Boards:";
  bar.appendChild(label);
  for (const [name, text] of BGSIM_THEMES) {
    const b = button(text, `every board on the page in the ${text.toLowerCase()} theme (address: ?board=${name})`,
                     "bgsim-theme-switch");
    b.dataset.theme = name;
    b.addEventListener("click", () => page.setTheme(name));
    bar.appendChild(b);
  }
  // at the top of the page's content (Voila's cells scroll in their own box: a bar fixed over
  // them would hide the top of whatever is scrolled under it)
  const content = document.querySelector("#rendered_cells > div") || document.body;
  content.insertBefore(bar, content.firstChild);
  bgsimApply(page);
}

// ------------------------------------------------------------------ the teacher view's readiness
// A Voila page is run by its kernel before it shows; on a busy machine that takes a while and
// the page should say what it is waiting for. The template calls bgsimLoading() while the cells
// run (the spinner's line: "getting the boards ready... (3 of 12)"), and bgsimWatchBoards() when
// they are shown: a board widget still "Loading widget..." is announced in a bar at the top
// ("getting the boards ready...") until every one is live; one that never comes (its kernel
// gone) makes the page load itself again, once.
const BGSIM_WORDS = {
  en: { ready: "getting the boards ready...", of: "of", retry: "the boards did not come: loading the page again",
        failed: "the boards did not come: reload the page (F5)" },
  cs: { ready: "připravuji desky...", of: "z", retry: "desky nepřišly: načítám stránku znovu",
        failed: "desky nepřišly: načtěte stránku znovu (F5)" },
};

function bgsimWords() {
  const cs = /\/cs\//.test(window.location.pathname) || (document.documentElement.lang || "").startsWith("cs");
  return cs ? BGSIM_WORDS.cs : BGSIM_WORDS.en;
}

function bgsimLoading(cellIndex, cellCount) {
  const w = bgsimWords();
  const text = cellIndex ? `${w.ready} (${cellIndex} ${w.of} ${cellCount})` : w.ready;
  if (window.update_loading_text) window.update_loading_text(cellIndex, cellCount, text);
  else {
    const el = document.getElementById("loading_text");
    if (el) el.textContent = text;
  }
}

// The widget outputs the kernel sent (the page's cell outputs, before Voila's front end shows them).
function bgsimExpectedWidgets() {
  let n = 0;
  for (const script of document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]')) {
    try {
      const output = JSON.parse(script.textContent);
      if (output && output.data && output.data["application/vnd.jupyter.widget-view+json"]) n += 1;
    } catch (e) { /* not ours to judge */ }
  }
  return n;
}

// The widget outputs shown: live ones, and ones not live yet (the placeholder of a view still
// loading, or a widget's text form).
function bgsimWidgetOutputs() {
  let live = 0, pending = 0;
  for (const el of document.querySelectorAll("#rendered_cells .jp-OutputArea-output.lm-Panel")) {
    const text = (el.textContent || "").trim();
    if (/^Loading widget/.test(text) || /^(VBox|HBox|Box)\(children=/.test(text)) pending += 1;
    else live += 1;
  }
  return { live, pending };
}

function bgsimWatchBoards({ patience = 90000, every = 500 } = {}) {
  const w = bgsimWords();
  const started = performance.now();
  const key = `bgsim-retried:${window.location.pathname}`;
  const expected = bgsimExpectedWidgets();
  document.body.dataset.bgsimExpected = String(expected);
  let bar = null;
  const say = (text) => {
    if (!bar) {
      bar = document.createElement("div");
      bar.className = "bgsim-readiness";
      bar.setAttribute("role", "status");
      const content = document.querySelector("#rendered_cells > div") || document.body;
      content.insertBefore(bar, content.firstChild);
    }
    bar.textContent = text;
  };
  const tick = () => {
    const { live, pending } = bgsimWidgetOutputs();
    document.body.dataset.bgsimLive = String(live);
    if (!pending && live >= expected) {
      if (bar) bar.remove();
      bar = null;
      document.body.dataset.bgsimReady = "1";
      sessionStorage.removeItem(key);
      return;
    }
    say(w.ready);
    if (performance.now() - started > patience) {
      if (!sessionStorage.getItem(key)) {          // retry once: a fresh kernel, a fresh run
        sessionStorage.setItem(key, "1");
        say(w.retry);
        window.location.reload();
      } else {
        say(w.failed);
      }
      return;
    }
    setTimeout(tick, every);
  };
  // the widget manager renders the views a moment after the cells are shown
  setTimeout(tick, every);
}
