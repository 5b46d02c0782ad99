<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>SequencePainter</name>
    <message>
        <source>suspected duplicate effect</source>
        <translation>підозрюваний дублікат ефекту</translation>
    </message>
    <message>
        <source>request</source>
        <translation>запит</translation>
    </message>
    <message>
        <source>response (decision colour)</source>
        <translation>відповідь (колір рішення)</translation>
    </message>
    <message>
        <source>lost ✕</source>
        <translation>втрачено ✕</translation>
    </message>
    <message>
        <source>store step / result</source>
        <translation>крок сховища / результат</translation>
    </message>
    <message>
        <source>handler</source>
        <translation>обробник</translation>
    </message>
    <message>
        <source>effect</source>
        <translation>ефект</translation>
    </message>
    <message>
        <source>duplicate effect</source>
        <translation>дублікат ефекту</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>тайм-аут</translation>
    </message>
    <message>
        <source>wait before a retry</source>
        <translation>очікування перед retry</translation>
    </message>
    <message>
        <source>0 ms</source>
        <translation>0&#xa0;мс</translation>
    </message>
    <message>
        <source>d</source>
        <translation>д</translation>
    </message>
    <message>
        <source>h</source>
        <translation>год</translation>
    </message>
    <message>
        <source>min</source>
        <translation>хв</translation>
    </message>
    <message>
        <source>s</source>
        <translation>с</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>мс</translation>
    </message>
    <message>
        <source>⋯ %1 later ⋯</source>
        <translation>⋯ через %1 ⋯</translation>
    </message>
    <message>
        <source>Select a request, record or effect to see its intent as a sequence.</source>
        <translation>Виберіть запит, запис або ефект, щоб побачити його намір у вигляді послідовності.</translation>
    </message>
    <message>
        <source>Nothing has happened for this intent yet.</source>
        <translation>Для цього наміру поки нічого не відбулося.</translation>
    </message>
</context>
<context>
    <name>iw::Sequence</name>
    <message>
        <source>the business action ran for %1 at %2 ms: a suspected duplicate — the same actor, operation and payload ran already under another key or none (the suspected intent named after %3); a client minting a new key per retry, or a person ordering twice</source>
        <translation>бізнес-дію виконано для %1 у момент %2&#xa0;мс: підозрюваний дублікат — той самий суб’єкт, операцію й тіло вже виконано під іншим ключем або без ключа (підозрюваний намір, названий за %3); клієнт, що створює новий ключ для кожного повтору, або людина, що замовила двічі</translation>
    </message>
    <message>
        <source>%1 suspected duplicate effect</source>
        <translation>%1 підозрюваний дублікат ефекту</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>key %1</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>без key</translation>
    </message>
    <message>
        <source>%1 claim</source>
        <translation>%1 захоплення</translation>
    </message>
    <message>
        <source>%1 read</source>
        <translation>%1 читання</translation>
    </message>
    <message>
        <source>%1 overwrite</source>
        <translation>%1 перезапис</translation>
    </message>
    <message>
        <source>%1 completion</source>
        <translation>%1 завершення</translation>
    </message>
    <message>
        <source>%1 delete</source>
        <translation>%1 видалення</translation>
    </message>
    <message>
        <source>%1 select</source>
        <translation>%1 select</translation>
    </message>
    <message>
        <source>%1 insert</source>
        <translation>%1 insert</translation>
    </message>
    <message>
        <source>%1 update</source>
        <translation>%1 update</translation>
    </message>
    <message>
        <source>%1 test-and-set</source>
        <translation>%1 test-and-set</translation>
    </message>
    <message>
        <source>%1 expire</source>
        <translation>%1 встановлення терміну</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
    <message>
        <source>service</source>
        <translation>сервіс</translation>
    </message>
    <message>
        <source>store</source>
        <translation>сховище</translation>
    </message>
    <message>
        <source>%1 store</source>
        <translation>сховище %1</translation>
    </message>
    <message>
        <source>effects</source>
        <translation>ефекти</translation>
    </message>
    <message>
        <source>%1 ✕ lost</source>
        <translation>%1 ✕ втрачено</translation>
    </message>
    <message>
        <source>%1 · attempt %2 · %3</source>
        <translation>%1 · спроба %2 · %3</translation>
    </message>
    <message>
        <source>%1 · call from %2 · %3</source>
        <translation>%1 · виклик із %2 · %3</translation>
    </message>
    <message>
        <source>%1 · call from %2 · attempt %3 · %4</source>
        <translation>%1 · виклик із %2 · спроба %3 · %4</translation>
    </message>
    <message>
        <source>%1 handler %2</source>
        <translation>%1 обробник %2</translation>
    </message>
    <message>
        <source>%1 handler running</source>
        <translation>%1 обробник ще працює</translation>
    </message>
    <message>
        <source>%1 duplicate effect</source>
        <translation>%1 дублікат ефекту</translation>
    </message>
    <message>
        <source>%1 effect</source>
        <translation>%1 ефект</translation>
    </message>
    <message>
        <source>recovery job: recovered_completed 201</source>
        <translation>відновлення: recovered_completed 201</translation>
    </message>
    <message>
        <source>recovery job: recovered_released</source>
        <translation>відновлення: recovered_released</translation>
    </message>
    <message>
        <source>%1 crashed ✕</source>
        <translation>%1 падіння ✕</translation>
    </message>
    <message>
        <source>%1 undecided · %2</source>
        <translation>%1 без рішення · %2</translation>
    </message>
    <message>
        <source>%1 undecided</source>
        <translation>%1 без рішення</translation>
    </message>
    <message>
        <source>%1 → no response</source>
        <translation>%1 → відповіді немає</translation>
    </message>
    <message>
        <source>%1 → no status %2</source>
        <translation>%1 → без статусу %2</translation>
    </message>
    <message>
        <source>%1 → no status</source>
        <translation>%1 → без статусу</translation>
    </message>
    <message>
        <source>%1 (discarded: after the timeout)</source>
        <translation>%1 (відкинуто: після тайм-ауту)</translation>
    </message>
    <message>
        <source>%1 timeout</source>
        <translation>%1 тайм-аут</translation>
    </message>
    <message>
        <source>late retry after %1 → %2</source>
        <translation>пізній retry через %1 → %2</translation>
    </message>
    <message>
        <source>wait %1 → %2</source>
        <translation>очікування %1 → %2</translation>
    </message>
    <message>
        <source>sent at %1 ms</source>
        <translation>надіслано в момент %1&#xa0;мс</translation>
    </message>
    <message>
        <source>called by %1&apos;s handler, attempt %2 of this call; %3; sent at %4 ms</source>
        <translation>викликано обробником %1, спроба %2 цього виклику; %3; надіслано в момент %4&#xa0;мс</translation>
    </message>
    <message>
        <source>%1; lost on the way: it never arrives (drop_request)</source>
        <translation>%1; втрачено дорогою: до сервісу запит так і не доходить (drop_request)</translation>
    </message>
    <message>
        <source>%1, arrived at %2 ms</source>
        <translation>%1, отримано в момент %2&#xa0;мс</translation>
    </message>
    <message>
        <source>the business action ran for %1 at %2 ms: a second effect of one intent</source>
        <translation>бізнес-дію виконано для %1 у момент %2&#xa0;мс: другий ефект одного й того самого наміру</translation>
    </message>
    <message>
        <source>the business action ran for %1 at %2 ms</source>
        <translation>бізнес-дію виконано для %1 у момент %2&#xa0;мс</translation>
    </message>
    <message>
        <source>the recovery job found the next hop&apos;s effect and completed the stuck record</source>
        <translation>задача відновлення знайшла ефект наступної ланки й завершила завислий запис</translation>
    </message>
    <message>
        <source>the recovery job deleted the stuck record, so a retry may run again</source>
        <translation>задача відновлення видалила завислий запис, тому retry може виконатися знову</translation>
    </message>
    <message>
        <source>the process crashed; the client never hears (late_retry)</source>
        <translation>процес упав; клієнт так нічого й не дізнається (late_retry)</translation>
    </message>
    <message>
        <source>left the service at %1 ms</source>
        <translation>надіслано сервісом у момент %1&#xa0;мс</translation>
    </message>
    <message>
        <source>%1; lost on the way back: the client never hears</source>
        <translation>%1; втрачено на зворотному шляху: клієнт так нічого й не дізнається</translation>
    </message>
    <message>
        <source>%1, reached the client at %2 ms, after its timeout: discarded</source>
        <translation>%1, доставлено клієнту в момент %2&#xa0;мс, уже після його тайм-ауту: відкинуто</translation>
    </message>
    <message>
        <source>%1, reached the client at %2 ms</source>
        <translation>%1, доставлено клієнту в момент %2&#xa0;мс</translation>
    </message>
    <message>
        <source>no answer %1 after sending</source>
        <translation>немає відповіді через %1 після надсилання</translation>
    </message>
    <message>
        <source>the client never heard of %1; it sends again %2 after sending it</source>
        <translation>клієнт так нічого й не дізнався про долю %1 і надсилає запит знову через %2 після його надсилання</translation>
    </message>
    <message>
        <source>the client waits %1 before attempt %2</source>
        <translation>клієнт чекає %1 перед спробою %2</translation>
    </message>
    <message>
        <source>… %1 more attempts folded (%2 … %3)</source>
        <translation>… згорнуто ще спроб: %1 (%2 … %3)</translation>
    </message>
    <message>
        <source>not drawn: %1 attempts, sent from %2 ms to %3 ms (effects: %4, duplicates: %5, lost messages: %6); the run&apos;s report lists every attempt</source>
        <translation>не показано: спроб — %1, надіслано з %2&#xa0;мс по %3&#xa0;мс (ефектів: %4, дублікатів: %5, втрачених повідомлень: %6); у звіті прогону є кожна спроба</translation>
    </message>
    <message>
        <source>%1; recovery job actions among them: %2</source>
        <translation>%1; дій задачі відновлення серед них: %2</translation>
    </message>
    <message>
        <source>%1 waits for the record</source>
        <translation>%1 чекає на запис</translation>
    </message>
    <message>
        <source>%1 waits on the key&apos;s lock</source>
        <translation>%1 чекає на блокування key</translation>
    </message>
    <message>
        <source>%1 transaction open until its ROLLBACK</source>
        <translation>%1: транзакція відкрита до ROLLBACK</translation>
    </message>
</context>
<context>
    <name>iw::SequenceExport</name>
    <message>
        <source>Sequence of intent %1</source>
        <translation>Послідовність наміру %1</translation>
    </message>
    <message>
        <source>Idempotency Workbench</source>
        <translation>Idempotency Workbench</translation>
    </message>
    <message>
        <source>Sequence of intent %1 under two strategies</source>
        <translation>Послідовність наміру %1 за двох стратегій</translation>
    </message>
</context>
<context>
    <name>iw::SequenceView</name>
    <message>
        <source>Click to select this request everywhere.</source>
        <translation>Клацніть, щоб виділити цей запит в усіх панелях.</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>Компактно</translation>
    </message>
    <message>
        <source>Give every event a row and fold long waits behind a labelled break, so a 24-hour late retry and a 2 ms store step both read (otherwise time is proportional)</source>
        <translation>Дати кожній події власний рядок і згорнути довгі очікування в підписаний розрив, щоб було видно і пізній retry через 24 години, і крок сховища у 2&#xa0;мс (інакше час пропорційний)</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Експорт…</translation>
    </message>
    <message>
        <source>Save this sequence as SVG or PNG</source>
        <translation>Зберегти цю послідовність як SVG або PNG</translation>
    </message>
    <message>
        <source>Export as SVG…</source>
        <translation>Експортувати як SVG…</translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation>Експортувати як PNG…</translation>
    </message>
    <message>
        <source>Copy as Mermaid</source>
        <translation>Копіювати Mermaid</translation>
    </message>
    <message>
        <source>Copy this sequence as a Mermaid sequenceDiagram, for a Markdown document</source>
        <translation>Скопіювати цю послідовність як Mermaid sequenceDiagram для документа Markdown</translation>
    </message>
    <message numerus="yes">
        <source>Intent %1 · %n request(s)</source>
        <translation>
            <numerusform>Намір %1 · %n запит</numerusform>
            <numerusform>Намір %1 · %n запити</numerusform>
            <numerusform>Намір %1 · %n запитів</numerusform>
        </translation>
    </message>
    <message>
        <source>No intent selected</source>
        <translation>Намір не вибрано</translation>
    </message>
    <message>
        <source>the picture could not be drawn</source>
        <translation>не вдалося намалювати зображення</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>не вдалося записати %1: %2</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>Зображення SVG (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Зображення PNG (*.png)</translation>
    </message>
    <message>
        <source>Export the sequence</source>
        <translation>Експорт послідовності</translation>
    </message>
    <message>
        <source>The sequence was not exported: %1.</source>
        <translation>Послідовність не експортовано: %1.</translation>
    </message>
    <message>
        <source>Copied the sequence to the clipboard as Mermaid text: paste it into Markdown or mermaid.live.</source>
        <translation>Послідовність скопійовано в буфер обміну як текст Mermaid: вставте її в Markdown або на mermaid.live.</translation>
    </message>
    <message>
        <source>&amp;Beside:</source>
        <translation>&amp;Поруч:</translation>
    </message>
    <message>
        <source>Draw another intent beside this one on the same time axis (two people, two tabs): its client lanes after this one&apos;s, the service, store and effects shared</source>
        <translation>Намалювати поруч інший намір на тій самій осі часу (дві людини, дві вкладки): його доріжки клієнтів після доріжок цього, доріжки service, store і effects спільні</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(немає)</translation>
    </message>
    <message numerus="yes">
        <source>Intents %1 and %2 · %n request(s)</source>
        <translation>
            <numerusform>Наміри %1 і %2 · %n запит</numerusform>
            <numerusform>Наміри %1 і %2 · %n запити</numerusform>
            <numerusform>Наміри %1 і %2 · %n запитів</numerusform>
        </translation>
    </message>
</context>
</TS>
