import { button } from 'styled-system/recipes'

/**
 * A link styled as the page's main action ('Upload documents', 'Go to the dashboard'): the solid
 * button's look, kept in its own small module so the error and not-found pages can use it too.
 */
export const actionLinkClass = button({ variant: 'solid', size: 'md' })
