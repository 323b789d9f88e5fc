// The clickable board: draws the game's render HTML, marks its targets, sends clicks to Python.
// Every decision is Python's (boardgames_lab/widgets/board.py): this module only shows what the model
// holds (targets, the move being built, the "why not?" answer) and reports clicks, hovers and keys.

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el: root }) {
  root.classList.add("bgl-boardw");
  const strip = el("div", "bgl-strip");
  strip.setAttribute("aria-live", "polite");
  const legend = el("div", "bgl-legendw");
  const table = el("div", "bgl-table");
  const bubble = el("div", "bgl-bubble");
  bubble.setAttribute("role", "status");
  bubble.hidden = true;
  root.append(strip, legend, table, bubble);
  let bubbleFor = null; // the target whose words the bubble shows
  let pinned = false; // a click keeps the bubble until the next click or change

  let asked = 0; // numbers each "why not?" question, so the same answer twice is still news
  const send = (event, target) => model.send({ event, target: target || "", seq: ++asked });
  const targets = () => model.get("targets") || {};
  const onBoard = (id) => table.querySelector(`[data-target="${CSS.escape(id)}"]`);

  function hideBubble() {
    bubble.hidden = true;
    bubbleFor = null;
    pinned = false;
  }

  function showBubble(node, html, kind) {
    bubble.innerHTML = html;
    bubble.className = "bgl-bubble " + kind;
    bubble.hidden = false;
    const box = root.getBoundingClientRect();
    const at = node.getBoundingClientRect();
    const left = Math.max(0, Math.min(at.left - box.left, box.width - 380));
    bubble.style.left = `${left}px`;
    bubble.style.top = `${at.bottom - box.top + 4}px`;
  }

  function act(node, id, how) {
    const info = targets()[id];
    if (info) {
      if (how === "click") { hideBubble(); send("click", id); }
      else { bubbleFor = id; showBubble(node, `<b>${escapeHtml(info.label)}</b>: ${escapeHtml(info.preview)}`, "bgl-preview"); }
      return;
    }
    if (!model.get("live") && how !== "click") return;
    bubbleFor = id;
    pinned = how === "click";
    showBubble(node, "<i>why not? asking the rules…</i>", "bgl-why");
    send("why", id);
  }

  function decorate() {
    const live = targets();
    for (const node of table.querySelectorAll("[data-target]")) {
      const id = node.getAttribute("data-target");
      const usable = id in live;
      node.classList.toggle("bgl-live", usable);
      node.classList.toggle("bgl-off", !usable);
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const label = usable ? live[id].label : id.replace(/:/g, " ");
      node.setAttribute("aria-label", usable ? `${label}: can be used` : `${label}: not now (Enter: why not?)`);
    }
    drawStrip();
  }

  function drawStrip() {
    strip.textContent = "";
    const building = model.get("building") || [];
    const live = targets();
    const head = el("span", "bgl-strip-head",
      building.length ? "Building this move: " : (model.get("note") || ""));
    strip.append(head);
    if (building.length) {
      strip.append(el("b", "bgl-steps", building.join(" › ")));
      strip.append(el("span", "bgl-strip-head", Object.keys(live).length ? " · then choose:" : ""));
    }
    for (const [id, info] of Object.entries(live)) {
      if (onBoard(id)) continue; // drawn on the table: clicked there
      const button = el("button", "bgl-option", info.label);
      button.setAttribute("data-option", id);
      button.title = info.preview;
      button.addEventListener("click", () => send("click", id));
      button.addEventListener("mouseenter", () => act(button, id, "hover"));
      button.addEventListener("mouseleave", () => { if (!pinned) hideBubble(); });
      strip.append(button);
    }
    if (building.length) {
      const cancel = el("button", "bgl-cancel", "Cancel");
      cancel.addEventListener("click", () => send("cancel"));
      strip.append(cancel);
    }
    legend.textContent = model.get("live")
      ? "Blue dashed outline: you can use it (hover: what it does) · other marked things: hover or Enter for why not"
      : "";
  }

  function drawTable() {
    table.innerHTML = model.get("value");
    hideBubble();
    decorate();
  }

  function targetOf(event) {
    const node = event.target.closest && event.target.closest("[data-target]");
    return node && table.contains(node) ? node : null;
  }

  table.addEventListener("click", (event) => {
    const node = targetOf(event);
    if (node) act(node, node.getAttribute("data-target"), "click");
  });
  table.addEventListener("keydown", (event) => {
    const node = targetOf(event);
    if (node && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      act(node, node.getAttribute("data-target"), "click");
    }
  });
  table.addEventListener("mouseover", (event) => {
    const node = targetOf(event);
    if (node && !pinned && bubbleFor !== node.getAttribute("data-target")) {
      act(node, node.getAttribute("data-target"), "hover");
    }
  });
  table.addEventListener("focusin", (event) => {
    const node = targetOf(event);
    if (node && !pinned) act(node, node.getAttribute("data-target"), "hover");
  });
  table.addEventListener("mouseleave", () => { if (!pinned) hideBubble(); });

  model.on("change:value", drawTable);
  // Words on the screen belong to the targets they were given for: new targets (a move, another perspective,
  // a step of the move being built) take them away, even where the drawing itself stays the same.
  model.on("change:targets", () => { hideBubble(); decorate(); });
  model.on("change:building", drawStrip);
  model.on("change:note", () => { hideBubble(); drawStrip(); });
  model.on("change:live", () => { hideBubble(); drawStrip(); });
  model.on("change:answer", () => {
    const answer = model.get("answer") || {};
    if (!answer.target) { if (bubble.classList.contains("bgl-why")) hideBubble(); return; }
    if (answer.target !== bubbleFor) return; // the pointer has moved on
    const node = onBoard(answer.target);
    if (node) showBubble(node, answer.html, "bgl-why");
  });
  drawTable();
}

function escapeHtml(text) {
  const span = document.createElement("span");
  span.textContent = text || "";
  return span.innerHTML;
}

export default { render };
