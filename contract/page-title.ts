/** The product's name, after the screen's own title in the browser tab. */
export const PRODUCT_NAME = 'Salon'

/** The document title of a screen: its own name first, so tabs and history tell the pages apart. */
export const pageTitle = (screenTitle: string) => `${screenTitle} · ${PRODUCT_NAME}`
