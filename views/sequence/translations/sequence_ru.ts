<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>SequencePainter</name>
    <message>
        <source>suspected duplicate effect</source>
        <translation>подозреваемый дубль эффекта</translation>
    </message>
    <message>
        <source>request</source>
        <translation>запрос</translation>
    </message>
    <message>
        <source>response (decision colour)</source>
        <translation>ответ (цвет решения)</translation>
    </message>
    <message>
        <source>lost ✕</source>
        <translation>потерян ✕</translation>
    </message>
    <message>
        <source>store step / result</source>
        <translation>шаг хранилища / результат</translation>
    </message>
    <message>
        <source>handler</source>
        <translation>обработчик</translation>
    </message>
    <message>
        <source>effect</source>
        <translation>эффект</translation>
    </message>
    <message>
        <source>duplicate effect</source>
        <translation>дубль эффекта</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>тайм-аут</translation>
    </message>
    <message>
        <source>wait before a retry</source>
        <translation>ожидание перед retry</translation>
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
        <translation>ч</translation>
    </message>
    <message>
        <source>min</source>
        <translation>мин</translation>
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
        <translation>Выберите запрос, запись или эффект, чтобы увидеть его намерение в виде последовательности.</translation>
    </message>
    <message>
        <source>Nothing has happened for this intent yet.</source>
        <translation>Для этого намерения пока ничего не произошло.</translation>
    </message>
</context>
<context>
    <name>iw::Sequence</name>
    <message>
        <source>the business action ran for %1 at %2 ms: a suspected duplicate — the same actor, operation and payload ran already under another key or none (the suspected intent named after %3); a client minting a new key per retry, or a person ordering twice</source>
        <translation>бизнес-действие выполнено для %1 в момент %2&#xa0;мс: подозреваемый дубль — тот же субъект, операция и тело уже выполнялись под другим ключом или без ключа (подозреваемое намерение, названное по %3); клиент, создающий новый ключ на каждый повтор, или человек, заказавший дважды</translation>
    </message>
    <message>
        <source>%1 suspected duplicate effect</source>
        <translation>%1 подозреваемый дубль эффекта</translation>
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
        <translation>%1 захват</translation>
    </message>
    <message>
        <source>%1 read</source>
        <translation>%1 чтение</translation>
    </message>
    <message>
        <source>%1 overwrite</source>
        <translation>%1 перезапись</translation>
    </message>
    <message>
        <source>%1 completion</source>
        <translation>%1 завершение</translation>
    </message>
    <message>
        <source>%1 delete</source>
        <translation>%1 удаление</translation>
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
        <translation>%1 установка срока</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
    <message>
        <source>service</source>
        <translation>сервис</translation>
    </message>
    <message>
        <source>store</source>
        <translation>хранилище</translation>
    </message>
    <message>
        <source>%1 store</source>
        <translation>хранилище %1</translation>
    </message>
    <message>
        <source>effects</source>
        <translation>эффекты</translation>
    </message>
    <message>
        <source>%1 ✕ lost</source>
        <translation>%1 ✕ потерян</translation>
    </message>
    <message>
        <source>%1 · attempt %2 · %3</source>
        <translation>%1 · попытка %2 · %3</translation>
    </message>
    <message>
        <source>%1 · call from %2 · %3</source>
        <translation>%1 · вызов из %2 · %3</translation>
    </message>
    <message>
        <source>%1 · call from %2 · attempt %3 · %4</source>
        <translation>%1 · вызов из %2 · попытка %3 · %4</translation>
    </message>
    <message>
        <source>%1 handler %2</source>
        <translation>%1 обработчик %2</translation>
    </message>
    <message>
        <source>%1 handler running</source>
        <translation>%1 обработчик ещё работает</translation>
    </message>
    <message>
        <source>%1 duplicate effect</source>
        <translation>%1 дубль эффекта</translation>
    </message>
    <message>
        <source>%1 effect</source>
        <translation>%1 эффект</translation>
    </message>
    <message>
        <source>recovery job: recovered_completed 201</source>
        <translation>восстановление: recovered_completed 201</translation>
    </message>
    <message>
        <source>recovery job: recovered_released</source>
        <translation>восстановление: recovered_released</translation>
    </message>
    <message>
        <source>%1 crashed ✕</source>
        <translation>%1 падение ✕</translation>
    </message>
    <message>
        <source>%1 undecided · %2</source>
        <translation>%1 без решения · %2</translation>
    </message>
    <message>
        <source>%1 undecided</source>
        <translation>%1 без решения</translation>
    </message>
    <message>
        <source>%1 → no response</source>
        <translation>%1 → нет ответа</translation>
    </message>
    <message>
        <source>%1 → no status %2</source>
        <translation>%1 → без статуса %2</translation>
    </message>
    <message>
        <source>%1 → no status</source>
        <translation>%1 → без статуса</translation>
    </message>
    <message>
        <source>%1 (discarded: after the timeout)</source>
        <translation>%1 (отброшен: после тайм-аута)</translation>
    </message>
    <message>
        <source>%1 timeout</source>
        <translation>%1 тайм-аут</translation>
    </message>
    <message>
        <source>late retry after %1 → %2</source>
        <translation>поздний retry через %1 → %2</translation>
    </message>
    <message>
        <source>wait %1 → %2</source>
        <translation>ожидание %1 → %2</translation>
    </message>
    <message>
        <source>sent at %1 ms</source>
        <translation>отправлен в момент %1&#xa0;мс</translation>
    </message>
    <message>
        <source>called by %1&apos;s handler, attempt %2 of this call; %3; sent at %4 ms</source>
        <translation>вызван обработчиком %1, попытка %2 этого вызова; %3; отправлен в момент %4&#xa0;мс</translation>
    </message>
    <message>
        <source>%1; lost on the way: it never arrives (drop_request)</source>
        <translation>%1; потерян в пути: до сервиса так и не доходит (drop_request)</translation>
    </message>
    <message>
        <source>%1, arrived at %2 ms</source>
        <translation>%1, получен в момент %2&#xa0;мс</translation>
    </message>
    <message>
        <source>the business action ran for %1 at %2 ms: a second effect of one intent</source>
        <translation>бизнес-действие выполнено для %1 в момент %2&#xa0;мс: второй эффект одного и того же намерения</translation>
    </message>
    <message>
        <source>the business action ran for %1 at %2 ms</source>
        <translation>бизнес-действие выполнено для %1 в момент %2&#xa0;мс</translation>
    </message>
    <message>
        <source>the recovery job found the next hop&apos;s effect and completed the stuck record</source>
        <translation>задание восстановления нашло эффект следующего звена и завершило зависшую запись</translation>
    </message>
    <message>
        <source>the recovery job deleted the stuck record, so a retry may run again</source>
        <translation>задание восстановления удалило зависшую запись, поэтому retry может выполниться снова</translation>
    </message>
    <message>
        <source>the process crashed; the client never hears (late_retry)</source>
        <translation>процесс упал; клиент так ничего и не узнаёт (late_retry)</translation>
    </message>
    <message>
        <source>left the service at %1 ms</source>
        <translation>отправлен сервисом в момент %1&#xa0;мс</translation>
    </message>
    <message>
        <source>%1; lost on the way back: the client never hears</source>
        <translation>%1; потерян на обратном пути: клиент так ничего и не узнаёт</translation>
    </message>
    <message>
        <source>%1, reached the client at %2 ms, after its timeout: discarded</source>
        <translation>%1, доставлен клиенту в момент %2&#xa0;мс, уже после его тайм-аута: отброшен</translation>
    </message>
    <message>
        <source>%1, reached the client at %2 ms</source>
        <translation>%1, доставлен клиенту в момент %2&#xa0;мс</translation>
    </message>
    <message>
        <source>no answer %1 after sending</source>
        <translation>нет ответа через %1 после отправки</translation>
    </message>
    <message>
        <source>the client never heard of %1; it sends again %2 after sending it</source>
        <translation>клиент так ничего и не узнал о судьбе %1 и отправляет запрос снова через %2 после его отправки</translation>
    </message>
    <message>
        <source>the client waits %1 before attempt %2</source>
        <translation>клиент ждёт %1 перед попыткой %2</translation>
    </message>
    <message>
        <source>… %1 more attempts folded (%2 … %3)</source>
        <translation>… свёрнуто ещё попыток: %1 (%2 … %3)</translation>
    </message>
    <message>
        <source>not drawn: %1 attempts, sent from %2 ms to %3 ms (effects: %4, duplicates: %5, lost messages: %6); the run&apos;s report lists every attempt</source>
        <translation>не показаны: попыток — %1, отправлены с %2&#xa0;мс по %3&#xa0;мс (эффектов: %4, дублей: %5, потерянных сообщений: %6); в отчёте прогона есть каждая попытка</translation>
    </message>
    <message>
        <source>%1; recovery job actions among them: %2</source>
        <translation>%1; действий задания восстановления среди них: %2</translation>
    </message>
    <message>
        <source>%1 waits for the record</source>
        <translation>%1 ждёт запись</translation>
    </message>
    <message>
        <source>%1 waits on the key&apos;s lock</source>
        <translation>%1 ждёт блокировку key</translation>
    </message>
    <message>
        <source>%1 transaction open until its ROLLBACK</source>
        <translation>%1: транзакция открыта до ROLLBACK</translation>
    </message>
</context>
<context>
    <name>iw::SequenceExport</name>
    <message>
        <source>Sequence of intent %1</source>
        <translation>Последовательность намерения %1</translation>
    </message>
    <message>
        <source>Idempotency Workbench</source>
        <translation>Idempotency Workbench</translation>
    </message>
    <message>
        <source>Sequence of intent %1 under two strategies</source>
        <translation>Последовательность намерения %1 при двух стратегиях</translation>
    </message>
</context>
<context>
    <name>iw::SequenceView</name>
    <message>
        <source>Click to select this request everywhere.</source>
        <translation>Щёлкните, чтобы выделить этот запрос во всех панелях.</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>Компактно</translation>
    </message>
    <message>
        <source>Give every event a row and fold long waits behind a labelled break, so a 24-hour late retry and a 2 ms store step both read (otherwise time is proportional)</source>
        <translation>Дать каждому событию свою строку и свернуть долгие ожидания в подписанный разрыв, чтобы были видны и поздний retry через 24 часа, и шаг хранилища в 2&#xa0;мс (иначе время пропорционально)</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Экспорт…</translation>
    </message>
    <message>
        <source>Save this sequence as SVG or PNG</source>
        <translation>Сохранить эту последовательность как SVG или PNG</translation>
    </message>
    <message>
        <source>Export as SVG…</source>
        <translation>Экспортировать как SVG…</translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation>Экспортировать как PNG…</translation>
    </message>
    <message>
        <source>Copy as Mermaid</source>
        <translation>Копировать Mermaid</translation>
    </message>
    <message>
        <source>Copy this sequence as a Mermaid sequenceDiagram, for a Markdown document</source>
        <translation>Скопировать эту последовательность как Mermaid sequenceDiagram для документа Markdown</translation>
    </message>
    <message numerus="yes">
        <source>Intent %1 · %n request(s)</source>
        <translation>
            <numerusform>Намерение %1 · %n запрос</numerusform>
            <numerusform>Намерение %1 · %n запроса</numerusform>
            <numerusform>Намерение %1 · %n запросов</numerusform>
        </translation>
    </message>
    <message>
        <source>No intent selected</source>
        <translation>Намерение не выбрано</translation>
    </message>
    <message>
        <source>the picture could not be drawn</source>
        <translation>не удалось нарисовать изображение</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>не удалось записать %1: %2</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>Изображение SVG (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Изображение PNG (*.png)</translation>
    </message>
    <message>
        <source>Export the sequence</source>
        <translation>Экспорт последовательности</translation>
    </message>
    <message>
        <source>The sequence was not exported: %1.</source>
        <translation>Последовательность не экспортирована: %1.</translation>
    </message>
    <message>
        <source>Copied the sequence to the clipboard as Mermaid text: paste it into Markdown or mermaid.live.</source>
        <translation>Последовательность скопирована в буфер обмена как текст Mermaid: вставьте её в Markdown или на mermaid.live.</translation>
    </message>
    <message>
        <source>&amp;Beside:</source>
        <translation>&amp;Рядом:</translation>
    </message>
    <message>
        <source>Draw another intent beside this one on the same time axis (two people, two tabs): its client lanes after this one&apos;s, the service, store and effects shared</source>
        <translation>Нарисовать рядом другое намерение на той же оси времени (два человека, две вкладки): его дорожки клиентов после дорожек этого, дорожки service, store и effects общие</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(нет)</translation>
    </message>
    <message numerus="yes">
        <source>Intents %1 and %2 · %n request(s)</source>
        <translation>
            <numerusform>Намерения %1 и %2 · %n запрос</numerusform>
            <numerusform>Намерения %1 и %2 · %n запроса</numerusform>
            <numerusform>Намерения %1 и %2 · %n запросов</numerusform>
        </translation>
    </message>
</context>
</TS>
