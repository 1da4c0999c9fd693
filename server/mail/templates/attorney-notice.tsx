import { MailLayout, P } from './layout'
import { defineTemplate, textSignature } from './template'

/** Service of process received for a client whose attorney is to be told (Notify Attorney: Yes). */
export interface AttorneyNoticeData {
  companyName: string
}

export const attorneyNotice = defineTemplate<AttorneyNoticeData>({
  subject: (d) => `Service of process received for ${d.companyName}`,
  html: (d, brand) => (
    <MailLayout brand={brand} preview={`A service of process was received for ${d.companyName}.`} heading="Service of process received">
      <P>You are listed as the attorney to notify for {d.companyName}.</P>
      <P>A service of process was received for {d.companyName} and has been sent to the company’s portal account.</P>
      <P>Please contact your client about it.</P>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      `You are listed as the attorney to notify for ${d.companyName}.`,
      `A service of process was received for ${d.companyName} and has been sent to the company's portal account.`,
      'Please contact your client about it.',
      textSignature(brand),
    ].join('\n'),
})
