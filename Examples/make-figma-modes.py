#!/usr/bin/env python3
"""Writes Examples/figma-modes.json (a Figma REST document: a Button component set, Size=Small and Size=Large, whose
colors are bound to variables, and a frame of six instances, one row a mode of the Theme collection set with
explicitVariableModes) and Examples/figma-variables.json (its variables, as GET /v1/files/:key/variables/local
returns them: Theme with Light, Dark and Brand modes). The document is what Figma exports: each instance holds
its component's layers (ids I<instance>;<layer>), every bound value as the Light mode has it.

`make demo` draws it with `mattertype figma Examples/figma-modes.json --variables Examples/figma-variables.json`:
each row in its own mode, each column a variant. Run from the repository root: python3 Examples/make-figma-modes.py
"""
import json

COLLECTION = "VariableCollectionId:9:1"
MODES = [("9:0", "Light"), ("9:1", "Dark"), ("9:2", "Brand")]


def rgb(hex_color):
    value = int(hex_color.lstrip("#"), 16)
    return {"r": (value >> 16 & 255) / 255, "g": (value >> 8 & 255) / 255, "b": (value & 255) / 255, "a": 1}


# Each variable's color in Light, Dark and Brand.
COLORS = {
    "VariableID:9:10": ("page", "#F4F6FA", "#10141C", "#FFF4E8"),
    "VariableID:9:11": ("surface", "#FFFFFF", "#1E2532", "#FF6A3D"),
    "VariableID:9:12": ("on-surface", "#1B2230", "#F1F4F9", "#FFFFFF"),
    "VariableID:9:13": ("border", "#D3D9E4", "#3A4458", "#E2512A"),
    "VariableID:9:14": ("accent", "#2F6BFF", "#7AA2FF", "#FFE3D6"),
    "VariableID:9:15": ("caption", "#5A6478", "#A7B1C4", "#8A4A2F"),
}


def alias(variable):
    return {"type": "VARIABLE_ALIAS", "id": variable}


def paint(variable):
    """A solid paint bound to `variable`, with its Light color exported."""
    return {"type": "SOLID", "color": rgb(COLORS[variable][1]), "boundVariables": {"color": alias(variable)}}


def text(node_id, name, characters, size, weight, variable, box, reference=None):
    node = {"id": node_id, "name": name, "type": "TEXT", "characters": characters, "absoluteBoundingBox": box,
            "style": {"fontFamily": "Noto Sans", "fontStyle": weight, "fontSize": size,
                      "lineHeightPx": round(size * 1.4), "lineHeightUnit": "PIXELS",
                      "textAutoResize": "WIDTH_AND_HEIGHT"},
            "fills": [paint(variable)], "boundVariables": {"fills": [alias(variable)]}}
    if reference:
        node["componentPropertyReferences"] = {"characters": reference}
    return node


SIZES = {"Small": (8, 14, 14, 10), "Large": (14, 24, 18, 14)}  # vertical, horizontal padding, font size, dot
# "Get started" in Noto Sans SemiBold, as Figma's text model sizes a hugging text (its advance rounded up):
# `mattertype measure --family "Noto Sans" --weight semibold --size 14 "Get started"` is 77.126 wide, 18 is 99.162.
LABEL_WIDTHS = {14: 78, 18: 100}


def button(node_id, size, x, y, prefix="", layers_of=None):
    """The Size=`size` button: a component, or (with `prefix` and the component's id `layers_of`) an instance's
    copy of its layers."""
    vertical, horizontal, font, dot = SIZES[size]
    height = round(font * 1.4) + 2 * vertical
    width = 2 * horizontal + dot + 8 + LABEL_WIDTHS[font]
    base = (layers_of or node_id).split(":")[0]
    child = lambda own: prefix + own
    return {"id": node_id, "name": "Size=" + size, "type": "COMPONENT",
            "absoluteBoundingBox": {"x": x, "y": y, "width": width, "height": height},
            "layoutMode": "HORIZONTAL", "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "AUTO",
            "counterAxisAlignItems": "CENTER", "itemSpacing": 8, "paddingLeft": horizontal,
            "paddingRight": horizontal, "paddingTop": vertical, "paddingBottom": vertical, "cornerRadius": height / 2,
            "fills": [paint("VariableID:9:11")], "strokes": [paint("VariableID:9:13")], "strokeWeight": 1,
            "strokeAlign": "INSIDE",
            "boundVariables": {"fills": [alias("VariableID:9:11")], "strokes": [alias("VariableID:9:13")]},
            "children": [
                {"id": child("%s:1" % base), "name": "Dot", "type": "ELLIPSE",
                 "absoluteBoundingBox": {"x": x + horizontal, "y": y + (height - dot) / 2, "width": dot, "height": dot},
                 "fills": [paint("VariableID:9:14")], "boundVariables": {"fills": [alias("VariableID:9:14")]}},
                text(child("%s:2" % base), "Label", "Get started", font, "SemiBold",
                     "VariableID:9:12", {"x": x + horizontal + dot + 8, "y": y + vertical, "width": LABEL_WIDTHS[font],
                                         "height": round(font * 1.4)}, reference="Label#5:9"),
            ]}


def instance(node_id, component_id, size, x, y):
    node = button(node_id, size, x, y, prefix="I%s;" % node_id, layers_of=component_id)
    node.update({"type": "INSTANCE", "name": "Button " + size, "componentId": component_id,
                 "componentProperties": {"Size": {"type": "VARIANT", "value": size},
                                         "Label#5:9": {"type": "TEXT", "value": "Get started"}}})
    return node


def main():
    small, large = button("11:0", "Small", 0, -300), button("12:0", "Large", 200, -300)
    component_set = {"id": "5:0", "name": "Button", "type": "COMPONENT_SET",
                     "absoluteBoundingBox": {"x": 0, "y": -300, "width": 400, "height": 60},
                     "componentPropertyDefinitions": {
                         "Size": {"type": "VARIANT", "defaultValue": "Small", "variantOptions": ["Small", "Large"]},
                         "Label#5:9": {"type": "TEXT", "defaultValue": "Get started"}},
                     "children": [small, large]}
    rows = []
    for row, (mode_id, mode_name) in enumerate(MODES):
        y = 24 + row * 96
        rows.append({
            "id": "20:%d" % row, "name": mode_name, "type": "FRAME",
            "absoluteBoundingBox": {"x": 0, "y": y, "width": 560, "height": 88},
            "layoutMode": "HORIZONTAL", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED",
            "counterAxisAlignItems": "CENTER", "itemSpacing": 24, "paddingLeft": 24, "paddingRight": 24,
            "cornerRadius": 16, "fills": [paint("VariableID:9:10")],
            "boundVariables": {"fills": [alias("VariableID:9:10")]},
            "explicitVariableModes": {COLLECTION: mode_id},
            "children": [
                text("21:%d" % row, "Mode", mode_name, 15, "Medium", "VariableID:9:15",
                     {"x": 24, "y": y + 34, "width": 80, "height": 21}),
                instance("22:%d" % row, "11:0", "Small", 128, y + 26),
                instance("23:%d" % row, "12:0", "Large", 290, y + 16),
            ]})
    grid = {"id": "2:0", "name": "Modes × variants", "type": "FRAME",
            "absoluteBoundingBox": {"x": 0, "y": 0, "width": 608, "height": 328},
            "layoutMode": "VERTICAL", "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "AUTO",
            "itemSpacing": 8, "paddingLeft": 24, "paddingRight": 24, "paddingTop": 24, "paddingBottom": 24,
            "fills": [{"type": "SOLID", "color": rgb("#E7EAF0")}], "children": rows}
    document = {"name": "MatterType example: one component in every mode and variant", "document": {
        "id": "0:0", "name": "Document", "type": "DOCUMENT", "children": [
            {"id": "0:1", "name": "Page 1", "type": "CANVAS", "children": [grid, component_set]}]}}
    with open("Examples/figma-modes.json", "w") as f:
        json.dump(document, f, indent=1)
        f.write("\n")
    variables = {variable: {"id": variable, "name": "color/" + name, "key": variable.split(":", 1)[1],
                            "variableCollectionId": COLLECTION, "resolvedType": "COLOR",
                            "valuesByMode": {mode_id: rgb(values[index]) for index, (mode_id, _) in enumerate(MODES)}}
                 for variable, (name, *values) in COLORS.items()}
    collection = {"id": COLLECTION, "name": "Theme", "key": "9:1", "defaultModeId": "9:0",
                  "modes": [{"modeId": mode_id, "name": name} for mode_id, name in MODES],
                  "variableIds": list(COLORS)}
    with open("Examples/figma-variables.json", "w") as f:
        json.dump({"status": 200, "error": False,
                   "meta": {"variables": variables, "variableCollections": {COLLECTION: collection}}}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
