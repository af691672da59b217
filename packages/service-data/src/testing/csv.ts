import { parse } from 'csv-parse/sync';

/** A CSV export's text as rows of cells, header first (quotes, commas and line breaks undone). */
export const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: false }) as string[][];
