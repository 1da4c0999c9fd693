import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Checkbox } from '~/ui/checkbox'
import { RadioGroup } from '~/ui/radio-group'
import { cardExpiry, cardName, paymentMethodsQueryOptions } from './saved-cards'

const NEW_CARD = 'new'

export interface SavedCardChoice {
  /** The saved card chosen, or undefined for a new card (the card fields). */
  paymentMethodId: number | undefined
  /** "Save this card" ticked (a new card only). */
  saveCard: boolean
  /** For CardPaymentDialog: the choice, whether the card fields show, and "Save this card" under them. */
  dialogProps: { cardChoice: ReactNode; showCardFields: boolean; afterCardFields: ReactNode }
}

/**
 * The choice of a payment dialog (Pay Invoices, an add-on) between the client's saved cards, the default
 * preselected, and a new card with "Save this card for later payments". No saved card: the card fields
 * as before. While the saved cards load, no card fields (the processor's frames load only when needed).
 */
export function useSavedCardChoice(clientId: number | null): SavedCardChoice {
  const saved = useQuery({ ...paymentMethodsQueryOptions(clientId ?? 0), enabled: clientId != null })
  const cards = saved.data?.data ?? []
  const [chosen, setChosen] = useState<string | null>(null)
  const [saveCard, setSaveCard] = useState(false)
  const preferred = cards.find((card) => card.isDefault) ?? cards[0]
  const choice = chosen ?? (preferred ? String(preferred.id) : NEW_CARD)
  const newCard = choice === NEW_CARD
  return {
    paymentMethodId: newCard ? undefined : Number(choice),
    saveCard: newCard && saveCard,
    dialogProps: {
      cardChoice: cards.length > 0 && (
        <RadioGroup
          label="Pay with"
          name="card-choice"
          orientation="vertical"
          value={choice}
          onValueChange={setChosen}
          options={[
            ...cards.map((card) => ({ value: String(card.id), label: `${cardName(card)}, expires ${cardExpiry(card)}` })),
            { value: NEW_CARD, label: 'A new card' },
          ]}
        />
      ),
      showCardFields: newCard && !saved.isLoading,
      afterCardFields: <Checkbox label="Save this card for later payments" checked={saveCard} onCheckedChange={(checked) => setSaveCard(checked === true)} />,
    },
  }
}
