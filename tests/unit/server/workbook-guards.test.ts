import { describe, expect, it } from 'vitest';
import { exportedCell, exportedText, importedText } from '../../../src/server/excel/formula-guard.js';
import { XmlScanner } from '../../../src/server/excel/xml-scanner.js';

describe('formula guard of exported cells', () => {
  it('puts a leading \' before a text starting with = + - @ tab or CR, and takes it off on import', () => {
    for (const typed of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(exportedText(typed)).toBe(`'${typed}`);
      expect(importedText(exportedText(typed))).toBe(typed);
    }
  });

  it('leaves other texts, numbers (negative ones too), dates and blanks as they are', () => {
    const date = new Date('2025-01-01T00:00:00Z');
    for (const value of ['a=1', '', ' =1', "'quoted", -5, 0, date, null]) expect(exportedCell(value)).toBe(value);
    expect(importedText("'quoted")).toBe("'quoted");
  });
});

const LIMITS = { markupBytes: 1024, textChars: 100 };

/** Scans `xml` in pieces of `size` bytes; answers the scanner (its rows) or throws its refusal. */
function scan(xml: string, size = 7): XmlScanner {
  const scanner = new XmlScanner(LIMITS);
  const bytes = Buffer.from(xml);
  for (let i = 0; i < bytes.length; i += size) scanner.scan(bytes.subarray(i, i + size));
  return scanner;
}

const refusal = (xml: string) => { try { scan(xml); return 'none'; } catch (error) { return (error as { key?: string }).key ?? 'unreadable'; } };

describe('XmlScanner, before the parser', () => {
  it('counts the rows with content, whatever the chunks, prefixes and empty rows', () => {
    const xml = '<?xml version="1.0"?><x:worksheet><x:sheetData><x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row><x:row r="2"/><row r="3"><c/></row></x:sheetData></x:worksheet>';
    for (const size of [1, 2, 7, 1000]) expect(scan(xml, size).rows).toBe(2);
  });

  it('counts text in characters as the parser decodes it: UTF-8 sequences and entities are one each', () => {
    expect(refusal(`<c><v>${'中'.repeat(100)}</v></c>`)).toBe('none');
    expect(refusal(`<c><v>${'中'.repeat(101)}</v></c>`)).toBe('excel.cellTooLong');
    expect(refusal(`<c><v>${'&amp;'.repeat(100)}</v></c>`)).toBe('none');
    expect(refusal(`<c><v>${'&amp;'.repeat(101)}</v></c>`)).toBe('excel.cellTooLong');
    // An "entity" that never ends is counted byte by byte.
    expect(refusal(`<c><v>&${'a'.repeat(200)}</v></c>`)).toBe('excel.cellTooLong');
  });

  it('adds up the runs of one shared string or cell, and starts again at the next one', () => {
    const run = `<r><t>${'x'.repeat(60)}</t></r>`;
    expect(refusal(`<sst><si>${run}${run}</si></sst>`)).toBe('excel.cellTooLong');
    expect(refusal(`<sst><si>${run}</si><si>${run}</si></sst>`)).toBe('none');
    expect(refusal(`<row><c><is>${run}${run}</is></c></row>`)).toBe('excel.cellTooLong');
    expect(refusal(`<row><c><v>${'x'.repeat(90)}</v></c><c><v>${'x'.repeat(90)}</v></c></row>`)).toBe('none');
  });

  it('holds a tag whole to its end: a ">" inside a quoted attribute does not end it', () => {
    expect(refusal(`<c r="${'>'.repeat(1100)}"/>`)).toBe('excel.markupTooLong');
    expect(refusal(`<c r="${'>'.repeat(900)}"/>`)).toBe('none');
  });

  it('holds a comment, a CDATA section and a processing instruction whole, "<" and ">" inside included', () => {
    expect(refusal(`<a><!-- ${'<>'.repeat(600)} --></a>`)).toBe('excel.markupTooLong');
    expect(refusal(`<a><![CDATA[${'<>'.repeat(600)}]]></a>`)).toBe('excel.markupTooLong');
    expect(refusal(`<?pi ${'<>'.repeat(600)}?><a/>`)).toBe('excel.markupTooLong');
    expect(refusal(`<a><!-- <b> --><![CDATA[<c>]]></a>`)).toBe('none');
  });

  it('refuses a DTD, whose internal subset the parser would hold whole', () => {
    expect(refusal('<!DOCTYPE x [<!ENTITY a "b">]><x/>')).toBe('unreadable');
  });
});
