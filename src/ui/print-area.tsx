/**
 * Printing shows one part of the page alone: everything that neither holds nor is inside the element
 * marked `data-print-area` is left out, and the elements around it lose their frame (sidebar grid,
 * padding, shadows, a dialog's backdrop). Render `<PrintAreaStyle />` once beside the marked element.
 */
const PRINT_CSS = `@media print {
  @page { margin: 14mm; }
  body *:not(:has([data-print-area])):not([data-print-area]):not([data-print-area] *) { display: none !important; }
  body *:has([data-print-area]) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; box-shadow: none !important; background: none !important; min-height: 0 !important;
    height: auto !important; width: auto !important; max-width: none !important; max-height: none !important;
    overflow: visible !important; transform: none !important;
  }
  [data-print-area] { border: 0 !important; box-shadow: none !important; padding: 0 !important; }
  [data-print-area] table { break-inside: auto; }
  [data-print-area] tr { break-inside: avoid; }
}`

export function PrintAreaStyle() {
  return <style>{PRINT_CSS}</style>
}
