import { XMLParser, XMLValidator } from "fast-xml-parser";
import { FEED_ERRORS, FEED_MAX_BYTES } from "./exchange.model.ts";

// Reading and writing the XML formats safely. A feed comes from outside: it is refused before parsing when it
// is too big, not in an encoding we read, or declares a DOCTYPE (entities, "billion laughs", external files:
// no feed format needs one, so none is expanded, ever). Writing escapes every text and attribute.

export type Decoded =
  | { ok: true; text: string }
  | { ok: false; error: (typeof FEED_ERRORS)[keyof typeof FEED_ERRORS] };

const LATIN_1 = /^(iso-8859-1|iso-8859-15|latin1|windows-1252|cp1252)$/i;

/**
 * A file's bytes as text: UTF-8 (with or without its byte-order mark), or Latin-1/Windows-1252 when its XML
 * declaration says so (older German OpenImmo exports); anything else, or bytes that are not what the file
 * claims, is refused.
 */
export function decodeFeedBytes(bytes: Uint8Array, maxBytes = FEED_MAX_BYTES): Decoded {
  if (bytes.byteLength > maxBytes) return { ok: false, error: FEED_ERRORS.tooLarge };
  // UTF-16 (by its byte-order mark or its zero bytes) is not read: save as UTF-8.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { ok: false, error: FEED_ERRORS.encoding };
  }
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
  try {
    if (declared && LATIN_1.test(declared)) {
      return { ok: true, text: new TextDecoder("windows-1252").decode(bytes) };
    }
    if (declared && !/^utf-?8$/i.test(declared)) return { ok: false, error: FEED_ERRORS.encoding };
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    if (text.includes("\u0000")) return { ok: false, error: FEED_ERRORS.encoding };
    return { ok: true, text };
  } catch {
    return { ok: false, error: FEED_ERRORS.encoding };
  }
}

/** An element as parsed: its attributes (prefixed "@"), its text ("#text") and its children by name. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

export type ParsedXml = { ok: true; root: XmlNode } | Extract<Decoded, { ok: false }>;

/**
 * A feed's XML parsed as text values (nothing converted: the form's schema reads the numbers), every element
 * that may repeat (`lists`) as an array. A DOCTYPE or entity declaration refuses the file.
 */
export function parseFeedXml(text: string, lists: readonly string[]): ParsedXml {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { ok: false, error: FEED_ERRORS.doctype };
  if (XMLValidator.validate(text) !== true) return { ok: false, error: FEED_ERRORS.notXml };
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    textNodeName: "#text",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    // Only XML's five own entities and character references: with no DOCTYPE there are no others.
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => lists.includes(name),
  });
  return { ok: true, root: parser.parse(text) as XmlNode };
}

/** A child element of a parsed node (the first when it repeats). */
export function child(node: XmlValue | undefined, name: string): XmlNode | undefined {
  if (!node || typeof node !== "object" || Array.isArray(node)) return undefined;
  const value = node[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  return typeof first === "string" ? { "#text": first } : (first as XmlNode);
}

/** Every child element of that name. */
export function children(node: XmlValue | undefined, name: string): XmlNode[] {
  if (!node || typeof node !== "object" || Array.isArray(node)) return [];
  const value = node[name];
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((entry) => (typeof entry === "string" ? { "#text": entry } : (entry as XmlNode)));
}

/** An element's text, or an attribute's value, at a path below `node` ("a/b", attribute "x"). */
export function valueAt(node: XmlNode, path: string, attribute?: string): string | undefined {
  let at: XmlNode | undefined = node;
  for (const name of path.split("/").filter(Boolean)) at = child(at, name);
  if (!at) return undefined;
  const value = attribute ? at[`@${attribute}`] : at["#text"];
  return typeof value === "string" ? value : value === undefined && !attribute ? "" : undefined;
}

// Writing.

/** An element to write: its name, attributes (none written when undefined) and children or text. */
export type XmlElement = {
  name: string;
  attributes?: Record<string, string | undefined>;
  children?: XmlElement[];
  text?: string;
};

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");
// Characters XML 1.0 does not allow at all: dropped rather than written into a file no parser reads.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** An element as XML text, indented two spaces a level. */
export function writeXml(element: XmlElement, depth = 0): string {
  const indent = "  ".repeat(depth);
  const attributes = Object.entries(element.attributes ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value.replace(NOT_XML, ""))}"`)
    .join("");
  if (element.text !== undefined) {
    return `${indent}<${element.name}${attributes}>${escapeText(element.text.replace(NOT_XML, ""))}</${element.name}>`;
  }
  if (!element.children || element.children.length === 0) return `${indent}<${element.name}${attributes}/>`;
  const inner = element.children.map((entry) => writeXml(entry, depth + 1)).join("\n");
  return `${indent}<${element.name}${attributes}>\n${inner}\n${indent}</${element.name}>`;
}

/** A whole document: the declaration and its root. */
export function xmlDocument(root: XmlElement) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${writeXml(root)}\n`;
}

/**
 * Puts `element` at `path` below `parent` (creating the elements on the way), or sets an attribute of the
 * element at `path`; the caller orders the children as the format's schema wants (orderChildren).
 */
export function placeAt(parent: XmlElement, path: string, value: string, attribute?: string) {
  let at = parent;
  for (const name of path.split("/")) {
    at.children ??= [];
    let next = at.children.find((entry) => entry.name === name);
    if (!next) {
      next = { name };
      at.children.push(next);
    }
    at = next;
  }
  if (attribute) at.attributes = { ...at.attributes, [attribute]: value };
  else at.text = value;
}

/** Sorts every element's children by the order its schema gives (`order[parent name]`), deeply. */
export function orderChildren(element: XmlElement, order: Readonly<Record<string, readonly string[]>>) {
  const own = order[element.name];
  if (own && element.children) {
    const rank = (name: string) => {
      const at = own.indexOf(name);
      return at === -1 ? own.length : at;
    };
    element.children.sort((a, b) => rank(a.name) - rank(b.name));
  }
  for (const entry of element.children ?? []) orderChildren(entry, order);
}
