/**
 * Stop-word lists of the decision analysers: exactly the snowball lists PostgreSQL ships
 * (`share/tsearch_data/{german,french,italian}.stop`, identical in PostgreSQL 15 and PGlite), so that
 * rule 7 (a word that analyses to nothing is removed from the query) removes the same words on
 * both backends. Lucene's built-in `_french_` list differs (it has `les`, lacks `est`, `son`, …).
 * The lists come from the Snowball project (BSD licence).
 */

/** german.stop (231 words). */
export const GERMAN_STOP_WORDS: readonly string[] = `
aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes
anderm andern anderr anders auch auf aus bei bin bis bist da damit dann der den des dem die das
daß derselbe derselben denselben desselben demselben dieselbe dieselben dasselbe dazu dein deine
deinem deinen deiner deines denn derer dessen dich dir du dies diese diesem diesen dieser dieses
doch dort durch ein eine einem einen einer eines einig einige einigem einigen einiger einiges
einmal er ihn ihm es etwas euer eure eurem euren eurer eures für gegen gewesen hab habe haben
hat hatte hatten hier hin hinter ich mich mir ihr ihre ihrem ihren ihrer ihres euch im in indem
ins ist jede jedem jeden jeder jedes jene jenem jenen jener jenes jetzt kann kein keine keinem
keinen keiner keines können könnte machen man manche manchem manchen mancher manches mein meine
meinem meinen meiner meines mit muss musste nach nicht nichts noch nun nur ob oder ohne sehr
sein seine seinem seinen seiner seines selbst sich sie ihnen sind so solche solchem solchen
solcher solches soll sollte sondern sonst über um und uns unse unsem unsen unser unses unter
viel vom von vor während war waren warst was weg weil weiter welche welchem welchen welcher
welches wenn werde werden wie wieder will wir wird wirst wo wollen wollte würde würden zu zum
zur zwar zwischen
`
  .split(/\s+/)
  .filter((w) => w.length > 0);

/** french.stop (155 words). */
export const FRENCH_STOP_WORDS: readonly string[] = `
au aux avec ce ces dans de des du elle en et eux il je la le leur lui ma mais me même mes moi
mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un
une vos votre vous c d j l à m n s t y été étée étées étés étant étante étants étantes suis es
est sommes êtes sont serai seras sera serons serez seront serais serait serions seriez seraient
étais était étions étiez étaient fus fut fûmes fûtes furent sois soit soyons soyez soient fusse
fusses fût fussions fussiez fussent ayant ayante ayantes ayants eu eue eues eus ai as avons avez
ont aurai auras aura aurons aurez auront aurais aurait aurions auriez auraient avais avait
avions aviez avaient eut eûmes eûtes eurent aie aies ait ayons ayez aient eusse eusses eût
eussions eussiez eussent
`
  .split(/\s+/)
  .filter((w) => w.length > 0);

/** italian.stop (279 words). */
export const ITALIAN_STOP_WORDS: readonly string[] = `
ad al allo ai agli all agl alla alle con col coi da dal dallo dai dagli dall dagl dalla dalle di
del dello dei degli dell degl della delle in nel nello nei negli nell negl nella nelle su sul
sullo sui sugli sull sugl sulla sulle per tra contro io tu lui lei noi voi loro mio mia miei mie
tuo tua tuoi tue suo sua suoi sue nostro nostra nostri nostre vostro vostra vostri vostre mi ti
ci vi lo la li le gli ne il un uno una ma ed se perché anche come dov dove che chi cui non più
quale quanto quanti quanta quante quello quelli quella quelle questo questi questa queste si
tutto tutti a c e i l o ho hai ha abbiamo avete hanno abbia abbiate abbiano avrò avrai avrà
avremo avrete avranno avrei avresti avrebbe avremmo avreste avrebbero avevo avevi aveva avevamo
avevate avevano ebbi avesti ebbe avemmo aveste ebbero avessi avesse avessimo avessero avendo
avuto avuta avuti avute sono sei è siamo siete sia siate siano sarò sarai sarà saremo sarete
saranno sarei saresti sarebbe saremmo sareste sarebbero ero eri era eravamo eravate erano fui
fosti fu fummo foste furono fossi fosse fossimo fossero essendo faccio fai facciamo fanno faccia
facciate facciano farò farai farà faremo farete faranno farei faresti farebbe faremmo fareste
farebbero facevo facevi faceva facevamo facevate facevano feci facesti fece facemmo faceste
fecero facessi facesse facessimo facessero facendo sto stai sta stiamo stanno stia stiate stiano
starò starai starà staremo starete staranno starei staresti starebbe staremmo stareste
starebbero stavo stavi stava stavamo stavate stavano stetti stesti stette stemmo steste stettero
stessi stesse stessimo stessero stando
`
  .split(/\s+/)
  .filter((w) => w.length > 0);
