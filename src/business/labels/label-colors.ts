/** The colours a new label is offered, chosen to read well with the text colour picked for each. */
export const labelPalette = [
  '#6b3fd4',
  '#1f7a4d',
  '#b3261e',
  '#a34c00',
  '#0b6bcb',
  '#8a8f98',
  '#f2c94c',
  '#9be0c2',
]
