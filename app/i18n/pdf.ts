/**
 * The PDF viewer's words in the active language: imported only by the PDF viewer's lazy chunk, so
 * neither the app's first load nor the other viewers carry them.
 */
import { dePdf } from './de-pdf';
import { enPdf, type PdfStrings } from './en-pdf';
import { language } from './index';

export type { PdfStrings };

export function pdfWords(): PdfStrings {
  return language.value === 'de' ? dePdf : enPdf;
}
