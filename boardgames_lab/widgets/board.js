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

  // Keyboard play: while the keyboard is working the board, a move, a choice or a cancel puts the focus on the
  // next sensible target instead of letting it drop to the page body when the table is drawn again.
  let keyboard = false; // the last key or focus in this widget came from the keyboard
  let opener = null; // the target whose click opened the choices in the strip (Escape goes back to it)
  let wasBuilding = false;

  let asked = 0; // numbers each "why not?" question, so the same answer twice is still news
  const send = (event, target) => model.send({ event, target: target || "", seq: ++asked });
  const targets = () => model.get("targets") || {};
  const onBoard = (id) => table.querySelector(`[data-target="${CSS.escape(id)}"]`)
    || table.querySelector(`[data-setup="${CSS.escape(id)}"]`);
  const setupOn = () => model.get("setup_on");
  const holding = () => model.get("holding") || "";
  const sendSetup = (op, target, extra) => model.send({ event: "setup", op, target: target || "", seq: ++asked, ...extra });

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
    const words = (model.get("labels") || {})[id];
    if (how === "focus" && words) {
      // Tabbing past a thing: its accessible label already says why not, so the kernel is not asked for
      // every target the focus crosses (Enter asks it).
      bubbleFor = id;
      showBubble(node, escapeHtml(words), "bgl-why");
      return;
    }
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
      // The words are Python's (BoardControl.target_labels): what the thing is and what it does now, or why
      // not; until they arrive, the strip's words for a usable target.
      const words = (model.get("labels") || {})[id];
      if (words) node.setAttribute("aria-label", words);
      else if (usable) node.setAttribute("aria-label", `${live[id].label}: ${live[id].preview}`);
      // Not aria-disabled: using a target that cannot be used now still answers, with why not.
    }
    decorateSetup();
    drawStrip();
  }

  function focusLost() {
    const now = document.activeElement;
    return !now || now === document.body || !now.isConnected || (root.contains(now) && now.closest("[hidden]"));
  }

  // The next sensible target: the first choice of the strip while a move is being built, else the first usable
  // target on the table, else the first thing on it (Tab goes on from there).
  function focusNext() {
    const choice = strip.querySelector("button.bgl-option");
    const building = (model.get("building") || []).length > 0;
    const next = (building && choice) || table.querySelector("[data-target].bgl-live")
      || choice || table.querySelector("[data-target]") || strip.querySelector("button");
    if (next) next.focus();
  }

  function keepFocus() {
    const building = (model.get("building") || []).length > 0;
    const started = building && !wasBuilding;
    const ended = !building && wasBuilding;
    wasBuilding = building;
    if (!keyboard || setupOn()) return;
    if (ended && opener && focusLost()) {
      const back = onBoard(opener);
      opener = null;
      if (back && back.classList.contains("bgl-live")) { back.focus(); return; }
    }
    // A move being built whose step just left the focused target unusable (its choices came after it was
    // focused): the focus goes on to them.
    const now = document.activeElement;
    const stale = building && now && table.contains(now) && !now.classList.contains("bgl-live");
    if (started || stale || focusLost()) focusNext();
  }

  // --- set-up on the table (sandbox mode): Python sends the spots; a click picks up, drops, counts or
  // chooses who acts, and every edit is the engine's to accept or refuse.
  function outerSvg(node) {
    let svg = node.closest("svg");
    while (svg && svg.parentElement && svg.parentElement.closest("svg")) svg = svg.parentElement.closest("svg");
    return svg;
  }

  function counter(spot, short) {
    const box = el("span", "bgl-counter");
    box.setAttribute("data-setup", spot.id);
    // Beside a drawing of one player's things the owner goes without saying ("coins", not "Player 1's coins").
    box.append(el("span", "bgl-counter-label", short ? spot.label.split("'s ").pop() : spot.label));
    for (const [by, sign, words] of [[-1, "\u2212", "one fewer"], [1, "+", "one more"]]) {
      const button = el("button", "bgl-count", sign);
      button.setAttribute("data-by", String(by));
      button.setAttribute("aria-label", `${words}: ${spot.label}`);
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        bubbleFor = spot.id;
        pinned = true;
        sendSetup("add", spot.id, { by });
      });
      box.append(button);
    }
    return box;
  }

  function decorateSetup() {
    for (const node of table.querySelectorAll(".bgl-counters")) node.remove();
    for (const node of table.querySelectorAll("[data-setup]")) {
      if (node.classList.contains("bgl-counter")) { node.remove(); continue; }
      node.removeAttribute("data-setup");
      node.classList.remove("bgl-setup-thing", "bgl-setup-place", "bgl-setup-seat", "bgl-held");
      if (!node.hasAttribute("data-target")) { node.removeAttribute("aria-label"); node.removeAttribute("tabindex"); }
    }
    root.classList.toggle("bgl-setting-up", !!setupOn());
    root.classList.toggle("bgl-holding", !!holding());
    if (!setupOn()) return;
    const after = new Map(); // anchor -> the last counter put after it, so several counters keep their order
    for (const spot of model.get("setup") || []) {
      const node = table.querySelectorAll(spot.sel)[spot.nth || 0];
      if (!node) continue; // not drawn in this perspective
      if (spot.role === "count") {
        if (node.closest("svg")) { // a drawing: its counters in one column after it
          const svg = outerSvg(node);
          let column = after.get(svg);
          if (!column) { column = el("div", "bgl-counters"); svg.after(column); after.set(svg, column); }
          column.append(counter(spot, true));
        } else {
          const box = counter(spot, false);
          (after.get(node) || node).after(box);
          after.set(node, box);
        }
        continue;
      }
      node.setAttribute("data-setup", spot.id);
      node.classList.add("bgl-setup-" + spot.role);
      node.setAttribute("tabindex", "0");
      const what = { thing: "pick up", place: "move here", seat: "make this seat act" }[spot.role];
      node.setAttribute("aria-label", `${spot.label}: ${what}`);
    }
    const held = model.get("held") && onBoard(model.get("held"));
    if (held) held.classList.add("bgl-held");
  }

  function setupClick(node) {
    const spotOf = (role) => node.closest(`.bgl-setup-${role}`);
    const chosen = holding() ? spotOf("place") : (spotOf("thing") || spotOf("seat"));
    if (!chosen || !table.contains(chosen)) return;
    const id = chosen.getAttribute("data-setup");
    const op = holding() ? "drop" : chosen.classList.contains("bgl-setup-seat") ? "act" : "pick";
    bubbleFor = id;
    pinned = true;
    hideBubbleText();
    sendSetup(op, id);
  }

  function hideBubbleText() { bubble.hidden = true; }

  function drawSetupStrip() {
    const held = holding();
    strip.append(el("span", "bgl-strip-head", held ? "Moving: " : "Set-up on the table: "));
    if (held) {
      strip.append(el("b", "bgl-steps", held));
      strip.append(el("span", "bgl-strip-head", " · click a place to move it to"));
      const cancel = el("button", "bgl-cancel", "Cancel");
      cancel.addEventListener("click", () => sendSetup("cancel"));
      strip.append(cancel);
    } else {
      strip.append(el("span", "bgl-strip-head",
        "click a thing to pick it up, +/\u2212 beside a count, a player's name to make them act · "));
      strip.append(el("b", "bgl-new-history", model.get("history_note") || ""));
    }
  }

  function drawStrip() {
    strip.textContent = "";
    if (model.get("can_setup")) {
      const toggle = el("button", "bgl-setup-toggle", setupOn() ? "Back to play" : "Set up on the table");
      toggle.setAttribute("aria-pressed", setupOn() ? "true" : "false");
      toggle.addEventListener("click", () => sendSetup("mode", "", { on: !setupOn() }));
      strip.append(toggle);
    }
    if (setupOn()) {
      drawSetupStrip();
      legend.textContent = "Green dashed: a thing to pick up · purple dotted (while moving): a place it can go · "
        + "each edit is checked by the engine; a refusal shows beside the place · "
        + (model.get("history_note") || "");
      return;
    }
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
      button.setAttribute("aria-label", `${info.label}: ${info.preview}`);
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
        + " · keyboard: Tab to a thing, Enter or Space to use it, Escape to cancel a move being built"
      : "";
    keepFocus();
  }

  function drawTable() {
    table.innerHTML = model.get("value");
    hideBubble();
    decorate();
  }

  function relabel() {
    const words = model.get("labels") || {};
    for (const node of table.querySelectorAll("[data-target]")) {
      const label = words[node.getAttribute("data-target")];
      if (label) node.setAttribute("aria-label", label);
    }
  }

  // Escape: drop the move being built (or the thing picked up in set-up), wherever the focus is in the board.
  root.addEventListener("keydown", (event) => {
    keyboard = true;
    if (event.key !== "Escape") return;
    if (setupOn() && holding()) { event.preventDefault(); sendSetup("cancel"); return; }
    if ((model.get("building") || []).length) { event.preventDefault(); hideBubble(); send("cancel"); }
  });
  root.addEventListener("mousedown", () => { keyboard = false; });
  root.addEventListener("focusout", (event) => {
    // Leaving the board for another control of the page: a later redraw must not pull the focus back.
    if (event.relatedTarget && !root.contains(event.relatedTarget)) keyboard = false;
  });

  function targetOf(event) {
    const node = event.target.closest && event.target.closest("[data-target]");
    return node && table.contains(node) ? node : null;
  }

  table.addEventListener("click", (event) => {
    if (setupOn()) { if (event.target.closest) setupClick(event.target); return; }
    const node = targetOf(event);
    if (node) act(node, node.getAttribute("data-target"), "click");
  });
  table.addEventListener("keydown", (event) => {
    const node = targetOf(event);
    if (setupOn() && (event.key === "Enter" || event.key === " ") && event.target.closest("[data-setup]")) {
      event.preventDefault();
      setupClick(event.target);
      return;
    }
    if (node && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      const id = node.getAttribute("data-target");
      if (id in targets()) opener = id;
      act(node, id, "click");
    }
  });
  table.addEventListener("mouseover", (event) => {
    const node = targetOf(event);
    if (node && !pinned && !setupOn() && bubbleFor !== node.getAttribute("data-target")) {
      act(node, node.getAttribute("data-target"), "hover");
    }
  });
  table.addEventListener("focusin", (event) => {
    const node = targetOf(event);
    if (node && !pinned && !setupOn()) act(node, node.getAttribute("data-target"), "focus");
  });
  table.addEventListener("mouseleave", () => { if (!pinned) hideBubble(); });

  model.on("change:value", drawTable);
  // Words on the screen belong to the targets they were given for: new targets (a move, another perspective,
  // a step of the move being built) take them away, even where the drawing itself stays the same.
  model.on("change:targets", () => { hideBubble(); decorate(); });
  model.on("change:labels", relabel);
  model.on("change:building", drawStrip);
  model.on("change:note", () => { hideBubble(); drawStrip(); });
  model.on("change:live", () => { hideBubble(); drawStrip(); });
  model.on("change:setup", () => { decorateSetup(); drawStrip(); });
  model.on("change:setup_on", () => { hideBubble(); decorate(); });
  model.on("change:holding", () => { decorateSetup(); drawStrip(); });
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
