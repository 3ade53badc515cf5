/** Offers the text as a file download; the byte-order mark lets spreadsheet programs read accents as UTF-8. */
export const downloadCsv = (fileName: string, csv: string): void => {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
