// The MatterType playground: the document in the first textarea is drawn by this server (POST /v1/cards, or
// POST /v1/render for a typography) as it is typed, debounced; the card's layer boxes (POST /v1/cards/layout) are
// drawn over the preview on hover. Tokens live in this page's memory only: nothing is stored.
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
let renderToken = null;  // asked for when the server wants one; never written anywhere
let generation = 0;      // the newest request's number: older answers are dropped
let boxes = [];
let cardScale = 1;

editor.value = JSON.stringify(sample, null, 2);
$("values").value = JSON.stringify({ title: "A card you design here" }, null, 2);

function mode() { return document.querySelector("input[name=mode]:checked").value; }

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
  const sent = await body();
  const response = await fetch("/v1/templates/" + encodeURIComponent(name) + (node ? "?node=" + encodeURIComponent(node) : ""), {
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
  $("template-url").value = location.origin + "/v1/templates/" + encodeURIComponent(name) + ".png" + (rest ? "?" + rest : "");
}

/** The server's families, each drawn by the server. */
async function loadFonts() {
  const response = await fetch("/v1/fonts?bundled=true");
  if (!response.ok) return;
  const families = [...new Set(((await response.json()).fonts || []).map((font) => font.familyName))].sort();
  const list = $("fonts");
  for (const family of families.slice(0, 24)) {
    const item = document.createElement("li");
    item.textContent = family;
    list.appendChild(item);
    const specimen = await fetch("/v1/render", {
      method: "POST", headers: headers(),
      body: JSON.stringify({ text: "Sphinx of black quartz, judge my vow", family, size: 18, scale: 1, padding: 4 }),
    });
    if (!specimen.ok) continue;
    const image = document.createElement("img");
    image.alt = family + " specimen";
    image.src = URL.createObjectURL(await specimen.blob());
    item.appendChild(image);
  }
}

editor.addEventListener("input", scheduled);
$("values").addEventListener("input", scheduled);
$("node").addEventListener("input", scheduled);
$("render-token").addEventListener("input", () => { renderToken = $("render-token").value || null; scheduled(); });
for (const radio of document.querySelectorAll("input[name=mode]")) radio.addEventListener("change", update);
$("stage").addEventListener("mousemove", hover);
$("stage").addEventListener("mouseleave", () => { $("boxes").replaceChildren(); $("hovered").textContent = ""; });
$("save").addEventListener("submit", save);
$("copy-url").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("template-url").value));
update();
loadFonts();
