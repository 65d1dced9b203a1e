// bgsim board view (anywidget ESM, no build step; page.js comes before this file).
// Shows the SVG string from Python inside the DOM and reports clicks on the
// elements of the board's DOM contract: .point[data-point], .bar[data-player],
// .tray[data-player] and .checker[data-player][data-point]. It follows the page's
// board theme (page.js): the theme named in the address or chosen on the page's
// switches goes to Python as page_theme, and Python draws the board again.

function hitOf(target, root) {
  const el = target.closest(".checker, .point, .bar, .tray");
  if (!el || !root.contains(el)) return null;
  const num = (name) => {
    const v = el.getAttribute(name);
    return v === null ? null : Number(v);
  };
  const cls = el.classList;
  if (cls.contains("checker")) {
    const point = num("data-point");
    const player = num("data-player");
    if (point === 25) return { kind: "bar", player, point: 25 };
    if (point === 0) return { kind: "tray", player, point: 0 };
    return { kind: "point", point, player };
  }
  if (cls.contains("point")) return { kind: "point", point: num("data-point"), player: null };
  if (cls.contains("bar")) return { kind: "bar", player: num("data-player"), point: 25 };
  return { kind: "tray", player: num("data-player"), point: 0 };
}

function render({ model, el }) {
  const page = bgsimPage();
  el.classList.add("bgsim-board-view");
  // Opened before running (no live kernel): the widget manager marks every view
  // .jupyter-widgets-disconnected; the stylesheet then hides the controls and shows this
  // one line instead of a broken-link icon on each of them (issue 31).
  const offline = document.createElement("div");
  offline.className = "bgsim-offline";
  offline.textContent = model.get("offline_text") || "";
  el.appendChild(offline);
  const holder = document.createElement("div");
  holder.className = "bgsim-board-svg";
  el.appendChild(holder);
  let clickedAt = null;

  const draw = () => {
    holder.innerHTML = model.get("svg");
    bgsimSetAspect(holder.querySelector("svg"), el);
    const widget = el.closest(".bgsim-board");
    if (widget) requestAnimationFrame(() => bgsimFitBoard(widget));
    holder.style.cursor = model.get("clickable") ? "pointer" : "default";
    const w = model.get("width");
    holder.style.maxWidth = w ? `${w}px` : "";
    const version = (Number(el.dataset.version || "0") + 1).toString();
    el.dataset.version = version;
    if (clickedAt !== null) {
      // time from the click to this redraw: message to Python, new SVG back, DOM updated
      const ms = performance.now() - clickedAt;
      el.dataset.clickToRedrawMs = ms.toFixed(1);
      clickedAt = null;
    }
  };
  draw();
  // data-clicks: the kernel's count of answered clicks once it has answered those sent from
  // this view; data-answered: its count now. A browser test waits until they agree: the
  // kernel is done with the click (the board and the message line are what it made them).
  const answeredAtStart = model.get("answered");
  let sent = 0;
  const showAnswered = () => { el.dataset.answered = String(model.get("answered")); };
  showAnswered();
  model.on("change:answered", showAnswered);
  const followPage = () => {
    const widget = el.closest(".bgsim-board");
    if (widget) bgsimFitBoard(widget);
    if (page.themeAsked && model.get("page_theme") !== page.theme) {
      model.set("page_theme", page.theme);
      model.save_changes();
    }
  };
  followPage();
  window.addEventListener("bgsim:page", followPage);
  const stopServing = bgsimServeRestyles(page, model);   // the page's board pictures, redrawn
  model.on("change:svg", draw);
  model.on("change:width", draw);
  model.on("change:clickable", draw);

  holder.addEventListener("click", (event) => {
    if (!model.get("clickable")) return;
    const hit = hitOf(event.target, holder);
    if (!hit) return;
    clickedAt = performance.now();
    sent += 1;
    el.dataset.clicks = String(answeredAtStart + sent);
    model.send({ type: "click", ...hit });
  });
  return () => {
    stopServing();
    window.removeEventListener("bgsim:page", followPage);
    model.off("change:svg", draw);
    model.off("change:width", draw);
    model.off("change:clickable", draw);
    model.off("change:answered", showAnswered);
  };
}

export default { render };
