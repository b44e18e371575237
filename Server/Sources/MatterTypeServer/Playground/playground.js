// The MatterType playground: the document in the first textarea is drawn by this server (POST /v1/cards, or
// POST /v1/render for a typography) as it is typed, debounced; the card's layer boxes (POST /v1/cards/layout) are
// drawn over the preview on hover. Each mode keeps its own document; a file can be opened or dropped. Tokens live
// in this page's memory only: nothing is stored.
"use strict";

const $ = (id) => document.getElementById(id);
const editor = $("document");
const preview = $("preview");
const sample = {
  width: 600, height: 315, background: { linear: { angle: 135, stops: ["#0B1F3A", "#1D4E89"] } },
  layers: [{
    type: "frame", x: 40, y: 40, width: 520, height: 235,
    layout: { direction: "vertical", gap: 12, padding: 24 }, fill: "#FFFFFF1A", cornerRadius: 16,
    layers: [
      { type: "text", width: "fill", text: "{{title}}", size: 36, lineHeight: 44, weight: "bold", color: "#FFFFFF",
        textWrap: "balance" },
      { type: "text", width: "fill", text: "Drawn by MatterType as you type.", size: 18, color: "#FFFFFFCC" },
    ],
  }],
};
/** The render request the typography mode starts with. */
const textSample = {
  text: "Sphinx of black quartz, judge my vow", family: "Noto Sans", size: 32, lineHeight: 40, weight: "semibold",
  width: 420, color: "#0B1F3A", background: "#FFFFFF", padding: 16,
};
let renderToken = null;  // asked for when the server wants one; never written anywhere
let generation = 0;      // the newest request's number: older answers are dropped
let boxes = [];
let cardScale = 1;

// Each mode's document, so that switching shows (and sends) the document of that mode: a Figma document is never
// posted as a render request.
const documents = { card: JSON.stringify(sample, null, 2), text: JSON.stringify(textSample, null, 2) };
let shownMode = "card";
editor.value = documents.card;
$("values").value = JSON.stringify({ title: "A card you design here" }, null, 2);

function mode() { return document.querySelector("input[name=mode]:checked").value; }

/** Shows the document of the mode chosen (keeping the one shown until now) and draws it. */
function switchMode() {
  documents[shownMode] = editor.value;
  shownMode = mode();
  editor.value = documents[shownMode];
  switchShown(shownMode);
  showError("document-error", "");
  update();
}

/** The mode a document is for: a render request has `text` or `spans` and is neither a card (`layers`) nor a Figma
 * document (`document`, `nodes`, or a node's `id` and `type`); anything else is a card's. */
function modeOf(text) {
  let value;
  try { value = JSON.parse(text); } catch (_) { return null; }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const figma = "document" in value || "nodes" in value || ("id" in value && "type" in value);
  return !figma && !("layers" in value) && ("text" in value || "spans" in value) ? "text" : "card";
}

/** Opens `file` (JSON, or gzipped JSON) as the document of the mode it is for, and draws it. */
async function openFile(file) {
  let text;
  try {
    const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
    const gzipped = head[0] === 0x1f && head[1] === 0x8b;
    text = gzipped ? await new Response(file.stream().pipeThrough(new DecompressionStream("gzip"))).text()
                   : await file.text();
  } catch (error) {
    showError("document-error", file.name + " could not be read: " + error.message);
    return;
  }
  const kind = modeOf(text);
  if (kind === null) {
    showError("document-error", file.name + " is not a JSON object: open a card, a Figma document (the REST API's "
              + "JSON) or a render request");
    return;
  }
  if (kind !== shownMode) {
    documents[shownMode] = editor.value;
    document.querySelector("input[name=mode][value=" + kind + "]").checked = true;
    shownMode = kind;
    switchShown(kind);
  }
  documents[kind] = text;
  editor.value = text;
  $("status").textContent = "Opened " + file.name + " (" + Math.round(text.length / 1024) + " KB).";
  update();
}

/** The inputs and label of `kind`'s mode, without touching the documents. */
function switchShown(kind) {
  $("card-inputs").hidden = kind === "text";
  $("document-label").textContent = kind === "text" ? "A render request (text, family, size, …)"
                                                     : "Card JSON or a Figma document";
}

/** The document as a request body: as typed, or gzipped (Content-Encoding: gzip) when it is over 512 KB, so that
 * a large Figma document fits the server's --max-body-bytes. */
async function body() {
  const text = editor.value;
  if (text.length <= 512 * 1024 || typeof CompressionStream === "undefined") return { body: text, encoding: {} };
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return { body: await new Response(stream).blob(), encoding: { "Content-Encoding": "gzip" } };
}

function headers(extra) {
  const result = Object.assign({ "Content-Type": "application/json" }, extra || {});
  if (renderToken) result.Authorization = "Bearer " + renderToken;
  return result;
}

/** The server's message from an error answer. */
async function message(response) {
  try {
    const body = await response.json();
    return (body.error && body.error.message) || response.statusText;
  } catch (_) {
    return response.status + " " + response.statusText;
  }
}

function showError(id, text) {
  $(id).textContent = text || "";
  const field = id === "document-error" ? editor : id === "values-error" ? $("values") : null;
  if (field) field.setAttribute("aria-invalid", text ? "true" : "false");
}

/** The placeholder values as a query string, or null (with its error shown) when they are not a JSON object. */
function query() {
  let values;
  try {
    values = JSON.parse($("values").value || "{}");
    if (values === null || typeof values !== "object" || Array.isArray(values)) throw new Error("not an object");
  } catch (error) {
    showError("values-error", "The values are not a JSON object of names and values: " + error.message);
    return null;
  }
  showError("values-error", "");
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) params.append(name, String(value));
  const node = $("node").value.trim();
  if (node) params.append("node", node);
  return params.toString();
}

async function update() {
  const number = ++generation;
  const params = query();
  if (params === null) return;
  const text = mode() === "text";
  const path = text ? "/v1/render" : "/v1/cards" + (params ? "?" + params : "");
  $("status").textContent = "Drawing…";
  let response;
  const sent = await body();
  if (number !== generation) return;
  try {
    response = await fetch(path, { method: "POST", headers: headers(sent.encoding), body: sent.body });
  } catch (error) {
    if (number === generation) showError("document-error", "The server did not answer: " + error.message);
    return;
  }
  if (number !== generation) return;
  if (response.status === 401) {
    $("token-row").hidden = false;
    showError("document-error", await message(response));
    $("status").textContent = "Give the render token to draw.";
    return;
  }
  if (!response.ok) {
    showError("document-error", await message(response));
    $("status").textContent = "Not drawn: see the error under the document.";
    return;
  }
  const blob = await response.blob();
  if (number !== generation) return;
  showError("document-error", "");
  const previous = preview.src;
  preview.src = URL.createObjectURL(blob);
  if (previous.startsWith("blob:")) URL.revokeObjectURL(previous);
  $("status").textContent = "Drawn (" + blob.size + " bytes). Hover the preview for its layers' boxes.";
  const header = response.headers.get("MatterType-Warning");
  await loadBoxes(sent, params, text, number, header ? [unescaped(header)] : []);
}

/** A MatterType-Warning value with its \u{…} escapes (non-ASCII characters) turned back into characters. */
function unescaped(value) {
  return value.replace(/\\u\{([0-9A-Fa-f]+)\}/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16)));
}

/** Lists `warnings` (lines of text) in the list `id`; an empty list hides it. */
function showWarnings(id, warnings) {
  const list = $(id);
  list.replaceChildren(...warnings.map((warning) => {
    const item = document.createElement("li");
    item.textContent = warning;
    return item;
  }));
  list.hidden = warnings.length === 0;
}

/** The card's layer boxes, for the hover outlines, and what is not drawn as the document says: the layout's
 * warnings (a Figma document's, one line a kind, its nodes named), else the image's `fallback`. */
async function loadBoxes(sent, params, text, number, fallback) {
  boxes = [];
  $("boxes").replaceChildren();
  showWarnings("warnings", text ? fallback : []);
  if (text) return;
  try {
    cardScale = JSON.parse(editor.value).scale || 1;
  } catch (_) {
    cardScale = 1;
  }
  const response = await fetch("/v1/cards/layout" + (params ? "?" + params : ""),
                               { method: "POST", headers: headers(sent.encoding), body: sent.body });
  if (!response.ok || number !== generation) return;
  const answer = await response.json();
  if (number !== generation) return;
  boxes = answer.boxes || [];
  showWarnings("warnings", answer.warnings || fallback);
  showFields(answer.fields || []);
}

let shownFields = "";  // the fields the inputs were made for (names and types), to remake them only when they change

/** One input a field (`{name, type, default, options?, node?}`): a choice of a variant's options, a checkbox for a
 * boolean, a text box otherwise; each sets its name in the values and draws again. */
function showFields(fields) {
  const box = $("fields");
  box.hidden = fields.length === 0;
  let values = {};
  try { values = JSON.parse($("values").value || "{}") || {}; } catch (_) { values = {}; }
  const key = JSON.stringify(fields.map((field) => [field.name, field.type, field.options || []]));
  const inputs = $("field-inputs");
  if (key !== shownFields) {
    shownFields = key;
    inputs.replaceChildren();
    fields.forEach((field, index) => {
      const id = "field-" + index;
      const label = document.createElement("label");
      label.htmlFor = id;
      label.textContent = field.name + (field.type === "placeholder" ? "" : " (" + field.type + ")");
      let input;
      if (field.type === "variant" && field.options) {
        input = document.createElement("select");
        for (const option of field.options) input.appendChild(new Option(option, option));
      } else {
        input = document.createElement("input");
        input.type = field.type === "boolean" ? "checkbox" : "text";
      }
      input.id = id;
      input.dataset.name = field.name;
      input.dataset.default = field.default === null || field.default === undefined ? "" : String(field.default);
      input.addEventListener(input.type === "text" ? "input" : "change", () => setField(input));
      inputs.append(label, input);
    });
  }
  for (const input of inputs.querySelectorAll("[data-name]")) {
    if (input === document.activeElement) continue;
    const value = input.dataset.name in values ? String(values[input.dataset.name]) : input.dataset.default;
    if (input.type === "checkbox") input.checked = value === "true"; else input.value = value;
  }
}

/** Sets a field's value from its input in the values JSON, and draws again. */
function setField(input) {
  let values = {};
  try { values = JSON.parse($("values").value || "{}") || {}; } catch (_) { values = {}; }
  values[input.dataset.name] = input.type === "checkbox" ? String(input.checked) : input.value;
  $("values").value = JSON.stringify(values, null, 2);
  scheduled();
}

/** Outlines the innermost box under the pointer, with its Figma node (id and name) or its JSON Pointer. */
function hover(event) {
  const layer = $("boxes");
  layer.replaceChildren();
  if (!boxes.length || !preview.naturalWidth) return;
  const rect = preview.getBoundingClientRect();
  const perPoint = rect.width / preview.naturalWidth * cardScale;
  const x = (event.clientX - rect.left) / perPoint, y = (event.clientY - rect.top) / perPoint;
  const under = boxes.filter((b) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height);
  const innermost = under.sort((a, b) => b.path.length - a.path.length)[0];
  for (const box of boxes) {
    const outline = document.createElement("div");
    outline.style.left = box.x * perPoint + "px";
    outline.style.top = box.y * perPoint + "px";
    outline.style.width = box.width * perPoint + "px";
    outline.style.height = box.height * perPoint + "px";
    if (box === innermost) outline.className = "hovered";
    layer.appendChild(outline);
  }
  $("hovered").textContent = innermost
    ? (innermost.node || innermost.path) + ": " + [innermost.x, innermost.y, innermost.width, innermost.height]
        .map((v) => Math.round(v * 100) / 100).join(", ") + (innermost.lines ? " · " + innermost.lines + (innermost.lines === 1 ? " line" : " lines") : "")
    : "";
}

let timer = 0;
function scheduled() {
  clearTimeout(timer);
  timer = setTimeout(update, 250);
}

/** Saves the card as a template with the admin token, then shows its og:image URL. */
async function save(event) {
  event.preventDefault();
  const name = $("template-name").value.trim();
  const params = query();
  if (params === null) return;
  const node = $("node").value.trim();
  const signed = $("template-signed").checked;
  const options = new URLSearchParams();
  if (node) options.append("node", node);
  if (signed) options.append("signed", "true");
  const sent = await body();
  const response = await fetch("/v1/templates/" + encodeURIComponent(name) + (options.size ? "?" + options : ""), {
    method: "PUT",
    headers: Object.assign({ "Content-Type": "application/json", Authorization: "Bearer " + $("admin-token").value },
                           sent.encoding),
    body: sent.body,
  });
  if (!response.ok) {
    showError("save-error", await message(response));
    showWarnings("save-warnings", []);
    return;
  }
  showError("save-error", "");
  showWarnings("save-warnings", (await response.json()).warnings || []);
  const values = new URLSearchParams(params);
  values.delete("node");
  const rest = values.toString();
  const url = location.origin + "/v1/templates/" + encodeURIComponent(name) + ".png" + (rest ? "?" + rest : "");
  $("template-url").value = url;
  // A signed template's URL draws only once signed: say how.
  $("sign-how").hidden = !signed;
  $("sign-command").textContent = signed
    ? "MATTERTYPE_URL_SIGNING_SECRET=<the key's secret> mattertype sign --key-id <key id> --expires 604800 \\\n    '"
      + url.replaceAll("'", "%27") + "'"
    : "";
}

/** Every family the server draws with (GET /v1/families), each drawn by the server when it scrolls into view. */
async function loadFonts() {
  const response = await fetch("/v1/families");
  if (!response.ok) return;
  const families = (await response.json()).families || [];
  const count = (source) => families.filter((family) => family.sources.includes(source)).length;
  $("fonts-count").textContent = families.length + " families this server draws with: " + count("registered")
    + " uploaded, " + count("bundled") + " bundled, " + count("installed") + " installed on its machine.";
  const list = $("fonts");
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      drawSpecimen(entry.target);
    }
  }, { root: list });
  for (const family of families) {
    const item = document.createElement("li");
    item.dataset.family = family.name;
    const name = document.createElement("span");
    name.textContent = family.name + " ";
    const sources = document.createElement("span");
    sources.className = "sources";
    sources.textContent = family.sources.join(", ");
    item.append(name, sources);
    list.appendChild(item);
    observer.observe(item);
  }
}

/** Draws a specimen of the family `item` names into it. */
async function drawSpecimen(item) {
  const family = item.dataset.family;
  const specimen = await fetch("/v1/render", {
    method: "POST", headers: headers(),
    body: JSON.stringify({ text: "Sphinx of black quartz, judge my vow", family, size: 18, scale: 1, padding: 4 }),
  });
  if (!specimen.ok) return;
  const image = document.createElement("img");
  image.alt = family + " specimen";
  image.src = URL.createObjectURL(await specimen.blob());
  item.appendChild(image);
}

/** Shows only the families whose name holds the filter's text. */
function filterFonts() {
  const wanted = $("fonts-filter").value.trim().toLowerCase();
  for (const item of $("fonts").children) item.hidden = !item.dataset.family.toLowerCase().includes(wanted);
}

editor.addEventListener("input", scheduled);
$("values").addEventListener("input", scheduled);
$("node").addEventListener("input", scheduled);
$("render-token").addEventListener("input", () => { renderToken = $("render-token").value || null; scheduled(); });
for (const radio of document.querySelectorAll("input[name=mode]")) radio.addEventListener("change", switchMode);
$("document-file").addEventListener("change", () => {
  const file = $("document-file").files[0];
  if (file) openFile(file);
});
editor.addEventListener("dragover", (event) => { event.preventDefault(); editor.classList.add("dropping"); });
editor.addEventListener("dragleave", () => editor.classList.remove("dropping"));
editor.addEventListener("drop", (event) => {
  editor.classList.remove("dropping");
  const file = event.dataTransfer && event.dataTransfer.files[0];
  if (!file) return;
  event.preventDefault();
  openFile(file);
});
$("fonts-filter").addEventListener("input", filterFonts);
$("stage").addEventListener("mousemove", hover);
$("stage").addEventListener("mouseleave", () => { $("boxes").replaceChildren(); $("hovered").textContent = ""; });
$("save").addEventListener("submit", save);
$("copy-url").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("template-url").value));
update();
loadFonts();
