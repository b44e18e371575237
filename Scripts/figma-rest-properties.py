#!/usr/bin/env python3
"""Lists every property Figma's REST API documents for nodes, paints, effects, text styles and layout: the facts
Docs/Figma.md's support table is made from (Tests/MatterTypeTests/FigmaSupportTests.swift fails when one of them has
no row).

usage: Scripts/figma-rest-properties.py OPENAPI.yaml COMMIT > Docs/figma-rest-properties.tsv

OPENAPI.yaml is openapi/openapi.yaml of https://github.com/figma/rest-api-spec (MIT) at COMMIT. Each line:
group, property, type, the schemas that have it. Groups: "node type" (the `type` of each node schema), "node"
(every node schema's properties, traits included), "paint", "effect", "type style", "layout" (constraints and
layout grids), "variable alias" is left out (variables are issue 59's).
"""
import sys
import yaml

spec = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
schemas = spec["components"]["schemas"]


def properties(name):
    """The properties of schema `name`, its allOf parts (traits) included, in the spec's order."""
    found = {}

    def walk(schema):
        if "$ref" in schema:
            walk(schemas[schema["$ref"].split("/")[-1]])
            return
        for part in schema.get("allOf", []):
            walk(part)
        for key, value in (schema.get("properties") or {}).items():
            found.setdefault(key, value)

    walk(schemas[name])
    return found


def type_name(schema):
    """A short type: a schema's name, a JSON type, an enum's values, [element], A | B."""
    if "$ref" in schema:
        return schema["$ref"].split("/")[-1]
    if "enum" in schema:
        return " | ".join(str(v) for v in schema["enum"])
    if "oneOf" in schema or "anyOf" in schema:
        return " | ".join(type_name(s) for s in schema.get("oneOf") or schema.get("anyOf"))
    if "allOf" in schema and len(schema["allOf"]) == 1:
        return type_name(schema["allOf"][0])
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        return " | ".join(kind)
    if kind == "array":
        return "[" + type_name(schema.get("items", {})) + "]"
    if kind == "object" and "additionalProperties" in schema and isinstance(schema["additionalProperties"], dict):
        return "{string: " + type_name(schema["additionalProperties"]) + "}"
    return kind


rows = {}


def add(group, name, schema, owner):
    key = (group, name)
    if key not in rows:
        rows[key] = [type_name(schema), []]
    if owner not in rows[key][1]:
        rows[key][1].append(owner)


nodes = [k for k in schemas if k.endswith("Node") and k not in ("Node", "SubcanvasNode")]
for node in nodes:
    props = properties(node)
    kind = props.get("type", {})
    for value in kind.get("enum", []):
        add("node type", value, {"type": "string"}, node)
    for name, schema in props.items():
        add("node", name, {"type": "string"} if name == "type" else schema, node)
for owner in ["SolidPaint", "GradientPaint", "ImagePaint", "PatternPaint"]:
    props = properties(owner)
    for value in props.get("type", {}).get("enum", []):
        add("paint type", value, {"type": "string"}, owner)
    for name, schema in props.items():
        add("paint", name, schema, owner)
effects = ["DropShadowEffect", "InnerShadowEffect", "NormalBlurEffect", "ProgressiveBlurEffect", "TextureEffect",
           "MonotoneNoiseEffect", "MultitoneNoiseEffect", "DuotoneNoiseEffect"]
for owner in effects:
    props = properties(owner)
    for value in props.get("type", {}).get("enum", []):
        add("effect type", value, {"type": "string"}, owner)
    for name, schema in props.items():
        add("effect", name, schema, owner)
for owner in ["TypeStyle"]:
    for name, schema in properties(owner).items():
        add("type style", name, schema, owner)
for owner in ["LayoutConstraint", "LayoutGrid"]:
    for name, schema in properties(owner).items():
        add("layout", owner + "." + name, schema, owner)

print(f"# Figma REST API properties, from figma/rest-api-spec openapi/openapi.yaml at {sys.argv[2]} (MIT).")
print("# Made by Scripts/figma-rest-properties.py; group, property, type, the schemas that have it (tab-separated).")
order = ["node type", "node", "paint type", "paint", "effect type", "effect", "type style", "layout"]
for group in order:
    for (g, name), (kind, owners) in rows.items():
        if g == group:
            owners_text = ", ".join(owners) if len(owners) <= 6 else f"{len(owners)} node types"
            print(f"{group}\t{name}\t{kind.replace(chr(9), ' ')}\t{owners_text}")
