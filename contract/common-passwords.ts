/**
 * Passwords that appear at the top of every breach corpus, refused at sign-up, reset and change
 * (NIST SP 800-63B: "values known to be commonly-used"). Only passwords of 8 or more characters are
 * listed, since shorter ones are refused by length. Compared case-insensitively; a common word followed
 * only by digits and symbols ("Password2026!") is refused too.
 */
const COMMON = `
password password1 password12 password123 password1234 password12345 passw0rd p@ssw0rd p@ssword pa55word
12345678 123456789 1234567890 0123456789 987654321 9876543210 87654321 11111111 111111111 1111111111
00000000 000000000 0000000000 22222222 33333333 44444444 55555555 66666666 77777777 88888888 99999999
12121212 11223344 12341234 12344321 123123123 123321123 12312312 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y
1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 zaq1xsw2 !qaz2wsx qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234
qwertyu1 qwerty123456 qwe12345 qweasdzxc qweqweqwe asdfghjk asdfghjkl asdf1234 asdfasdf asdasdasd
zxcvbnm1 zxcvbnm123 zxcvbnma 1234qwer qwer1234 q1w2e3r4 q1w2e3r4t5 a1b2c3d4 abc12345 abcd1234
abcdefgh abcdefg1 abcdefg123 aaaaaaaa abc123456 a1234567 aa123456 12345abc 123456ab 123456abc
iloveyou iloveyou1 iloveyou2 iloveu123 trustno1 letmein1 letmein123 welcome1 welcome12 welcome123
welcome2024 welcome2025 welcome2026 sunshine sunshine1 princess princess1 football football1 baseball
baseball1 basketball superman superman1 batman123 spiderman starwars starwars1 pokemon1 michael1
jennifer jordan23 jessica1 charlie1 thomas12 liverpool chelsea1 arsenal1 manchester barcelona
internet computer computer1 whatever whatever1 master12 mastermind changeme changeme1 changeme123
secret12 secret123 letmein! welcome! password! password1! password123! p@ssw0rd1 p@ssword1 passw0rd1
passpass password01 password02 password11 password99 mypassword mypassword1 newpassword newpass123
default1 default123 adminadmin admin1234 admin12345 admin123456 administrator administrator1 root1234
rootroot toortoor guest123 user1234 test1234 test12345 testtest tester123 demo1234 temp1234 temppass
qazwsxedc qazwsxedcrfv 1qazxsw23edc mnbvcxz1 poiuytrewq lkjhgfdsa ytrewq123 monkey12 monkey123
dragon12 dragon123 shadow12 shadow123 master123 killer12 hunter12 hunter123 ranger12 buster12
soccer12 hockey12 tigger12 ginger12 pepper12 summer12 summer2024 summer2025 summer2026 winter2024
winter2025 winter2026 spring2025 spring2026 autumn2025 fall2025 january1 february march2026 april2026
december christmas christmas1 halloween valentine birthday birthday1 happyday happy123 lovelove
loveyou1 lovely12 ilovegod jesus123 jesuschrist blessed1 godisgood faithful 12qwaszx qwaszx12
football123 baseball123 soccer123 hockey123 michelle jennifer1 samantha samantha1 victoria patricia
nicole12 danielle alexander alexandra benjamin caroline charlotte christian christine christopher
elizabeth gabriel1 isabella jonathan katherine maverick midnight mitchell nicholas precious rebecca1
richard1 scorpion stephanie superstar sweetheart sweetpea tinkerbell veronica vincent1 william1
anthony1 andrew12 matthew1 joshua12 daniel12 robert12 david123 james123 john1234 chris123 mike1234
password2 password3 password7 password9 passwort motdepasse contrasena contraseña senha123 parola123
qwertz123 azerty123 azertyuiop 1234abcd 123qweasd 123qweasdzxc qweasd123 zxc12345 asd12345 q1w2e3r4t5y6
aaaaaa11 aa112233 a12345678 a123456789 abc123abc 1a2b3c4d 1234567a 1234567q 123456789a 123456789q
987654321a 0987654321 10203040 11112222 11221122 13131313 14141414 19191919 20202020 21212121
12344321a 147258369 159753456 159357159 741852963 963852741 123654789 147852369 789456123 456789123
12369874 98765432 24682468 13579135 13572468 19841984 19851985 19861986 19871987 19881988 19891989
19901990 19911991 19921992 19931993 19941994 19951995 19961996 19971997 19981998 19991999 20002000
20012001 20102010 20112011 20122012 20202020 20212021 20222022 20232023 20242024 20252025 20262026
loginlogin login123 letmeinnow openopen opensesame access14 access123 accessdenied security1 security123
secure123 trustme1 unknown1 nopassword nothing1 blahblah blablabla whatsup1 hellohello hello123
hello1234 helloworld goodluck goodbye1 freedom1 freedom123 liberty1 america1 usa12345 florida1 miami305
tampa813 orlando1 jacksonville gators12 dolphins buccaneers hurricanes seminoles lightning marlins
yankees1 cowboys1 steelers patriots eagles12 packers1 raiders1 broncos1 lakers24 chicago1 newyork1
california mercedes ferrari1 porsche1 corvette mustang1 harley12 yamaha12 kawasaki suzuki12 toyota12
honda123 bmw12345 nissan12 chevrolet qwerty11 qwerty01 q1q2q3q4 a1s2d3f4 z1x2c3v4 zaqxswcde
1234zxcv zxcv1234 asdf;lkj asdfjkl; !@#$%^&* !@#$%^&*() 1234!@#$ 12345!@# qwer!@#$ !qaz@wsx
1q2w3e4r! 1qaz@wsx p@55w0rd p4ssw0rd pa$$word pa$$w0rd passw0rd! p@ssw0rd! p@ssw0rd123 passw0rd123
welc0me1 w3lc0me! l3tm31n! adm1n123 r00tr00t s3cur1ty m0nk3y12 dr4g0n12 sh4d0w12 m4st3r12 fr33d0m1
company1 company123 business business1 business123 office123 office2024 office2025 office2026
registeredagent registered agent123 agent1234 portal123 portal2026 client123 client1234 customer
customer1 mailroom documents invoice1 payment1 sunbiz12 floridallc llc12345 corporation
`

const LIST = new Set(COMMON.split(/\s+/).filter((p) => p.length >= 8))

/** Bases that stay guessable with any digits or symbols after them ("Welcome2026!"). */
const WEAK_BASES = new Set(
  `password passw0rd p@ssw0rd p@ssword pa55word passwort welcome welc0me letmein iloveyou qwerty qwertyuiop
   asdfgh asdfghjkl zxcvbnm abcdef abcdefg abc123 admin administrator changeme trustno monkey dragon
   sunshine princess football baseball soccer hockey superman batman master shadow secret login
   summer winter spring autumn christmas default qazwsx iloveu letmeinnow florida miami company
   business portal registeredagent mailroom customer client`.split(/\s+/),
)

/** A run of one character, or consecutive characters of a sequence, of the whole password. */
function isSequence(password: string): boolean {
  if (/^(.)\1+$/.test(password)) return true
  const codes = [...password].map((c) => c.charCodeAt(0))
  const step = codes[1] - codes[0]
  if (Math.abs(step) !== 1) return false
  return codes.every((code, i) => i === 0 || code - codes[i - 1] === step)
}

/** A short pattern repeated ("abcabcabc", "12341234"). */
function isRepetition(password: string): boolean {
  return /^(.{1,4})\1+$/.test(password)
}

/**
 * Why a new password is refused, or null when it is acceptable. `context` holds words the password
 * must not be (the account's e-mail address and its local part).
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Choose a longer or less predictable one.'
export const EMAIL_AS_PASSWORD_MESSAGE = 'The password must not be your e-mail address. Choose something else.'

export function commonPasswordIssue(password: string, context: { email?: string } = {}): string | null {
  const lower = password.toLowerCase()
  const message = COMMON_PASSWORD_MESSAGE
  if (LIST.has(lower) || isSequence(lower) || isRepetition(lower)) return message
  const base = lower.replace(/[^a-z]+$/, '').replace(/^[^a-z]+/, '')
  if (WEAK_BASES.has(base)) return message
  if (context.email) {
    const email = context.email.toLowerCase()
    const local = email.split('@')[0]
    if (lower === email || (local.length >= 4 && (lower === local || base === local.replace(/[^a-z]/g, '')))) {
      return EMAIL_AS_PASSWORD_MESSAGE
    }
  }
  return null
}

export const isCommonPassword = (password: string) => commonPasswordIssue(password) !== null
