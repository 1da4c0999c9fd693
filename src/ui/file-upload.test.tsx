import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Field } from './field'
import { FileUpload } from './file-upload'

function Picker({ error, onFileChange = () => {} }: { error?: string; onFileChange?: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null)
  return (
    <Field label="Attachment" error={error}>
      <FileUpload
        file={file}
        accept=".pdf,application/pdf"
        onFileChange={(next) => {
          setFile(next)
          onFileChange(next)
        }}
      />
    </Field>
  )
}

const pdf = () => new File(['%PDF-1.4'], 'lease.pdf', { type: 'application/pdf' })

describe('FileUpload', () => {
  it('is a button named by its field, not the browser’s raw file input', () => {
    const { container } = render(<Picker />)
    expect(screen.getByRole('button', { name: 'Attachment Choose file' })).toBeInTheDocument()
    expect(screen.getByText('No file chosen')).toBeInTheDocument()
    // The input is there for the browser's picker, out of sight and out of the accessibility tree.
    const input = container.querySelector('input[type="file"]')!
    expect(input).toHaveAttribute('aria-hidden', 'true')
    expect(input).toHaveAttribute('tabindex', '-1')
  })

  it('shows the chosen file with its size, and Remove empties it', async () => {
    const onFileChange = vi.fn()
    const { container } = render(<Picker onFileChange={onFileChange} />)
    const file = pdf()
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file)
    expect(onFileChange).toHaveBeenLastCalledWith(file)
    expect(await screen.findByText('lease.pdf')).toBeInTheDocument()
    expect(screen.getByText('8 bytes')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Attachment Choose another file' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Remove lease.pdf' }))
    expect(onFileChange).toHaveBeenLastCalledWith(null)
    expect(screen.queryByText('lease.pdf')).toBeNull()
    expect(screen.getByText('No file chosen')).toBeInTheDocument()
  })

  it('says what is wrong through its field: invalid, and described by the error', () => {
    render(<Picker error="The attachment must be a PDF or an image" />)
    const button = screen.getByRole('button', { name: 'Attachment Choose file' })
    expect(button).toHaveAttribute('aria-invalid', 'true')
    expect(button).toHaveAccessibleDescription('The attachment must be a PDF or an image')
  })
})
