import { alert } from './alert.ts'
import { badge } from './badge.ts'
import { button } from './button.ts'
import { card } from './card.ts'
import { checkbox } from './checkbox.ts'
import { dialog } from './dialog.ts'
import { emptyState } from './empty-state.ts'
import { field } from './field.ts'
import { fileUpload } from './file-upload.ts'
import { input } from './input.ts'
import { menu } from './menu.ts'
import { radioGroup } from './radio-group.ts'
import { select } from './select.ts'
import { spinner } from './spinner.ts'
import { table } from './table.ts'
import { tabs } from './tabs.ts'
import { tooltip } from './tooltip.ts'

export const recipes = { badge, button, input, spinner }

export const slotRecipes = { alert, card, checkbox, dialog, emptyState, field, fileUpload, menu, radioGroup, select, table, tabs, tooltip }
