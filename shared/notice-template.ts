import type { CopyLanguage } from './copy-languages'

/*
 * The candidate notice (GDPR art. 14: data not obtained from the person) the recruiter copies
 * from Settings → Personal data and sends when they first contact someone, in the person's
 * language (issue #36 item 2). ICU MessageFormat (the page formats it with intl-messageformat:
 * renderer/src/sections/settings/personal-data/notice-text.ts): the controller's name and
 * contact come from Settings; what only the recruiter knows stays in [brackets] for them.
 */

export const noticeTemplates: Record<CopyLanguage, string> = {
  en: `Hello [name],

I am [your name], a recruiter at {controller}. I found your public professional profile through [source] and saved it because your experience may fit roles we recruit for.

What we hold: your name, professional profile (roles, employers, skills, location) and, where we obtained them, your work contact details.
Why: to consider you for suitable roles and contact you about them (our legitimate interest in recruiting; or your consent, where you gave it).
How long: no longer than needed for that purpose, at most [period] without contact, then it is erased.
Your rights: you may ask for a copy of what we hold, have it corrected or erased, object to our holding it, and complain to your data-protection authority. Reply to this message and we will act within one month.

[your name], {controller}, {contact}`,
  de: `Guten Tag [Name],

ich bin [Ihr Name], Recruiter bei {controller}. Ich habe Ihr öffentliches berufliches Profil über [Quelle] gefunden und gespeichert, weil Ihre Erfahrung zu Stellen passen kann, die wir besetzen.

Was wir speichern: Ihren Namen, Ihr berufliches Profil (Positionen, Arbeitgeber, Kenntnisse, Ort) und, soweit wir sie erhalten haben, Ihre beruflichen Kontaktdaten.
Warum: um Sie für passende Stellen zu berücksichtigen und Sie dazu zu kontaktieren (unser berechtigtes Interesse an der Personalgewinnung oder Ihre Einwilligung, wo Sie sie erteilt haben).
Wie lange: nicht länger als dafür nötig, höchstens [Zeitraum] ohne Kontakt, danach werden die Daten gelöscht.
Ihre Rechte: Sie können eine Kopie der gespeicherten Daten verlangen, sie berichtigen oder löschen lassen, der Speicherung widersprechen und sich bei Ihrer Datenschutzbehörde beschweren. Antworten Sie auf diese Nachricht, und wir handeln innerhalb eines Monats.

[Ihr Name], {controller}, {contact}`,
  fr: `Bonjour [nom],

Je suis [votre nom], recruteur chez {controller}. J’ai trouvé votre profil professionnel public via [source] et l’ai enregistré, car votre expérience peut correspondre à des postes que nous pourvoyons.

Ce que nous détenons : votre nom, votre profil professionnel (postes, employeurs, compétences, lieu) et, lorsque nous les avons obtenues, vos coordonnées professionnelles.
Pourquoi : pour vous proposer des postes adaptés et vous contacter à leur sujet (notre intérêt légitime à recruter, ou votre consentement lorsque vous l’avez donné).
Combien de temps : pas plus que nécessaire à cette fin, au plus [durée] sans contact, puis elles sont effacées.
Vos droits : vous pouvez demander une copie de ce que nous détenons, le faire corriger ou effacer, vous opposer à sa conservation et introduire une réclamation auprès de votre autorité de protection des données. Répondez à ce message et nous agirons dans un délai d’un mois.

[votre nom], {controller}, {contact}`,
  es: `Hola, [nombre]:

Soy [su nombre], técnico de selección en {controller}. Encontré su perfil profesional público a través de [fuente] y lo guardé porque su experiencia puede encajar en puestos que cubrimos.

Qué conservamos: su nombre, su perfil profesional (puestos, empresas, aptitudes, ubicación) y, cuando los hemos obtenido, sus datos de contacto profesionales.
Por qué: para tenerle en cuenta en puestos adecuados y contactarle sobre ellos (nuestro interés legítimo en la selección, o su consentimiento cuando lo haya dado).
Cuánto tiempo: no más de lo necesario para ese fin, como máximo [plazo] sin contacto; después se suprimen.
Sus derechos: puede pedir una copia de lo que conservamos, su rectificación o supresión, oponerse a que lo conservemos y reclamar ante su autoridad de protección de datos. Responda a este mensaje y actuaremos en el plazo de un mes.

[su nombre], {controller}, {contact}`,
  it: `Gentile [nome],

sono [il suo nome], selezionatore presso {controller}. Ho trovato il suo profilo professionale pubblico tramite [fonte] e l’ho salvato perché la sua esperienza può corrispondere a ruoli che ricerchiamo.

Che cosa conserviamo: il suo nome, il profilo professionale (ruoli, datori di lavoro, competenze, località) e, dove li abbiamo ottenuti, i suoi recapiti di lavoro.
Perché: per valutarla per ruoli adatti e contattarla in merito (il nostro legittimo interesse alla selezione, o il suo consenso dove l’ha dato).
Per quanto tempo: non oltre quanto necessario a tale scopo, al massimo [periodo] senza contatti, poi vengono cancellati.
I suoi diritti: può chiedere una copia di ciò che conserviamo, farlo correggere o cancellare, opporsi alla conservazione e proporre reclamo alla sua autorità per la protezione dei dati. Risponda a questo messaggio e agiremo entro un mese.

[il suo nome], {controller}, {contact}`,
  nl: `Beste [naam],

Ik ben [uw naam], recruiter bij {controller}. Ik vond uw openbare beroepsprofiel via [bron] en heb het bewaard omdat uw ervaring kan passen bij functies die wij invullen.

Wat wij bewaren: uw naam, beroepsprofiel (functies, werkgevers, vaardigheden, locatie) en, waar wij die hebben verkregen, uw zakelijke contactgegevens.
Waarom: om u te overwegen voor passende functies en u daarover te benaderen (ons gerechtvaardigd belang bij werving, of uw toestemming waar u die gaf).
Hoe lang: niet langer dan daarvoor nodig, ten hoogste [termijn] zonder contact; daarna worden ze gewist.
Uw rechten: u kunt een kopie vragen van wat wij bewaren, het laten corrigeren of wissen, bezwaar maken tegen het bewaren en een klacht indienen bij uw toezichthouder voor gegevensbescherming. Beantwoord dit bericht en wij handelen binnen een maand.

[uw naam], {controller}, {contact}`
}

/** What the notice names where Settings has no controller yet: brackets for the recruiter. */
export const noticeUnset: Record<CopyLanguage, { controller: string; contact: string }> = {
  en: { controller: '[company]', contact: '[contact address]' },
  de: { controller: '[Firma]', contact: '[Kontaktadresse]' },
  fr: { controller: '[entreprise]', contact: '[adresse de contact]' },
  es: { controller: '[empresa]', contact: '[dirección de contacto]' },
  it: { controller: '[azienda]', contact: '[indirizzo di contatto]' },
  nl: { controller: '[bedrijf]', contact: '[contactadres]' }
}
