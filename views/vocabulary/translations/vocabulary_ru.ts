<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>iw::Duration</name>
    <message>
        <source>%1 ms</source>
        <translation>%1&#xa0;мс</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1&#xa0;с</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1&#xa0;мин %2&#xa0;с</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1&#xa0;мин</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1&#xa0;ч %2&#xa0;мин</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1&#xa0;ч</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1&#xa0;д %2&#xa0;ч</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1&#xa0;д</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>мс</translation>
    </message>
    <message>
        <source>s</source>
        <translation>с</translation>
    </message>
    <message>
        <source>min</source>
        <translation>мин</translation>
    </message>
    <message>
        <source>h</source>
        <translation>ч</translation>
    </message>
    <message>
        <source>d</source>
        <translation>д</translation>
    </message>
</context>
<context>
    <name>iw::Explanation</name>
    <message>
        <source>Rejected: this operation requires an Idempotency-Key header and the request carried none.</source>
        <translation>Отклонено: эта операция требует заголовка Idempotency-Key, а в запросе его нет.</translation>
    </message>
    <message>
        <source>Rejected: the key is empty, shorter than %1 or longer than %2 characters, or contains control characters.</source>
        <translation>Отклонено: key пустой, его длина в символах меньше %1 или больше %2, либо он содержит управляющие символы.</translation>
    </message>
    <message>
        <source>Rejected before execution: the payload failed validation, so nothing was stored and a fixed retry with the same key may run.</source>
        <translation>Отклонено до начала исполнения: полезная нагрузка не прошла проверку, поэтому ничего не сохранено, и исправленный retry с тем же key может выполниться.</translation>
    </message>
    <message>
        <source>Executed: this request won the claim on its scope, so it owned the key and ran the handler.</source>
        <translation>Выполнено: этот запрос выиграл захват своего scope, поэтому стал владельцем key и запустил обработчик.</translation>
    </message>
    <message>
        <source>Replayed: same scope and same fingerprint, and the record is completed and not expired, so the stored response was returned without running the handler.</source>
        <translation>Replay: тот же scope и тот же fingerprint, запись в состоянии completed и её срок не истёк, поэтому возвращён сохранённый ответ без запуска обработчика.</translation>
    </message>
    <message>
        <source>Conflict: same scope and same fingerprint, but the original request is still in progress and its lease (if any) has not passed.</source>
        <translation>Конфликт: тот же scope и тот же fingerprint, но исходный запрос ещё выполняется, а его аренда (если она есть) не истекла.</translation>
    </message>
    <message>
        <source>Conflict: the key was reused in this scope with a different payload fingerprint, so the handler was not run again.</source>
        <translation>Конфликт: key повторно использован в этом scope с другим fingerprint нагрузки, поэтому обработчик повторно не запускался.</translation>
    </message>
    <message>
        <source>Taken over: the record was still in progress but its lease had passed, so this request took ownership and ran the handler.</source>
        <translation>Перехвачено: запись ещё была в состоянии in_progress, но её аренда истекла, поэтому этот запрос стал владельцем и запустил обработчик.</translation>
    </message>
    <message>
        <source>Re-executed: the record had expired (after_expiry forget), so the key was treated as new and the handler ran again.</source>
        <translation>Выполнено заново: срок записи истёк (after_expiry forget), поэтому key принят за новый, и обработчик запущен снова.</translation>
    </message>
    <message>
        <source>Refused for reconciliation: the record expired but its tombstone still remembers the earlier result, so the request is not treated as new.</source>
        <translation>Отклонено для сверки: срок записи истёк, но её tombstone ещё помнит прежний результат, поэтому запрос не считается новым.</translation>
    </message>
    <message>
        <source>Seen flag set: the key was seen before but no result is known, so the service cannot tell whether the first request is running, failed or finished.</source>
        <translation>Флаг seen установлен: key уже встречался, но результат неизвестен, поэтому сервис не может определить, выполняется ли ещё первый запрос, завершился ли он ошибкой или успешно.</translation>
    </message>
    <message>
        <source>Unprotected: no idempotency protection applied (strategy none or no key), so the handler ran.</source>
        <translation>Без защиты: защита идемпотентности не применялась (стратегия none или нет key), поэтому обработчик запущен.</translation>
    </message>
    <message>
        <source>Store unavailable: a store step failed because the database could not be reached.</source>
        <translation>Хранилище недоступно: шаг хранилища завершился ошибкой, потому что не удалось связаться с базой данных.</translation>
    </message>
    <message>
        <source>Unknown outcome: the database connection broke while a commit was in flight, so whether it was applied cannot be known.</source>
        <translation>Исход неизвестен: подключение к базе данных оборвалось, пока выполнялся commit, поэтому невозможно узнать, прошёл ли он.</translation>
    </message>
    <message>
        <source>Crashed: the process handling this request died during the handler, so no response left and the record stayed in progress.</source>
        <translation>Аварийное завершение: процесс, обрабатывавший этот запрос, упал во время работы обработчика, поэтому ответ не отправлен, а запись осталась в состоянии in_progress.</translation>
    </message>
    <message>
        <source>The handler failed and the error is stored as the record&apos;s response, so a retry replays it.</source>
        <translation>Обработчик завершился ошибкой; она сохранена в записи как ответ, поэтому retry получит её повторно (replay).</translation>
    </message>
    <message>
        <source>The handler failed; store_errors is false, so the record was deleted and a retry may run again.</source>
        <translation>Обработчик завершился ошибкой; store_errors равно false, поэтому запись удалена, и retry может выполниться снова.</translation>
    </message>
    <message>
        <source>The handler failed, but by then another request owned the record, so it was left alone.</source>
        <translation>Обработчик завершился ошибкой, но к тому времени запись уже принадлежала другому запросу, поэтому её не тронули.</translation>
    </message>
    <message>
        <source>By the time it finished another request had taken the record over, so its completion was not written.</source>
        <translation>Когда этот запрос закончил работу, запись уже перехватил другой запрос, поэтому его завершение не записано.</translation>
    </message>
    <message>
        <source>The handler failed; the completion upsert stored the error (last writer wins).</source>
        <translation>Обработчик завершился ошибкой; upsert завершения сохранил ошибку (побеждает записавший последним).</translation>
    </message>
    <message>
        <source>Its completion was an unconditional upsert (last writer wins).</source>
        <translation>Завершение этого запроса записано безусловным upsert (побеждает записавший последним).</translation>
    </message>
    <message>
        <source>The handler failed after execution began.</source>
        <translation>Обработчик завершился ошибкой после начала исполнения.</translation>
    </message>
    <message>
        <source>Executed, then failed: check_then_insert&apos;s SELECT saw no row, so this request ran the handler, but another request inserted the row first and this one&apos;s INSERT met SQLSTATE 23505. The effect had already happened, and the client got an error.</source>
        <translation>Выполнено, затем ошибка: SELECT стратегии check_then_insert не нашёл строки, поэтому этот запрос запустил обработчик, но другой запрос вставил строку первым, и INSERT этого запроса получил SQLSTATE 23505. Эффект к тому времени уже произошёл, а клиент получил ошибку.</translation>
    </message>
    <message>
        <source>Executed: check_then_insert&apos;s SELECT saw no row, so this request ran the handler; it failed and store_errors is false, so nothing was inserted and a retry runs again.</source>
        <translation>Выполнено: SELECT стратегии check_then_insert не нашёл строки, поэтому этот запрос запустил обработчик; обработчик завершился ошибкой, а store_errors равно false, поэтому ничего не вставлено, и retry выполнится снова.</translation>
    </message>
    <message>
        <source>Executed: check_then_insert&apos;s SELECT saw no row, so this request ran the handler and inserted the completed row afterwards; nothing stopped another request from doing the same in between.</source>
        <translation>Выполнено: SELECT стратегии check_then_insert не нашёл строки, поэтому этот запрос запустил обработчик и после этого вставил строку в состоянии completed; ничто не мешало другому запросу тем временем сделать то же самое.</translation>
    </message>
    <message>
        <source>Executed: the seen flag was clear, so this request set it and ran the handler; the flag keeps no result, so a retry cannot be answered with this response.</source>
        <translation>Выполнено: флаг seen не был установлен, поэтому этот запрос установил его и запустил обработчик; флаг не хранит результата, поэтому retry не сможет получить этот ответ.</translation>
    </message>
    <message>
        <source>The handler failed.</source>
        <translation>Обработчик завершился ошибкой.</translation>
    </message>
    <message>
        <source>Re-executed: check_then_insert&apos;s SELECT saw an expired row (after_expiry forget), so the key was treated as new, the handler ran again and an UPDATE overwrote the row.</source>
        <translation>Выполнено заново: SELECT стратегии check_then_insert нашёл истёкшую строку (after_expiry forget), поэтому key принят за новый, обработчик запущен снова, а UPDATE перезаписал строку.</translation>
    </message>
    <message>
        <source>Refused for reconciliation: the record has expired, and after_expiry tombstone does not treat its key as new, so the request is refused with the earlier result named.</source>
        <translation>Отклонено для сверки: срок записи истёк, а при after_expiry tombstone её key не считается новым, поэтому запрос отклонён с указанием прежнего результата.</translation>
    </message>
    <message>
        <source>Conflict: this request found the record free to take over, but another request took it first (its conditional overwrite lost), so the handler was not run.</source>
        <translation>Конфликт: этот запрос нашёл запись доступной для перехвата, но другой запрос перехватил её первым (условная перезапись этого запроса проиграла), поэтому обработчик не запускался.</translation>
    </message>
    <message>
        <source>Conflict: same scope and same fingerprint, but the original request is still in progress and, without a lease, nobody may take it over.</source>
        <translation>Конфликт: тот же scope и тот же fingerprint, но исходный запрос ещё выполняется, а без аренды никто не может перехватить запись.</translation>
    </message>
    <message>
        <source>Unprotected: the strategy is none, so no key was checked and the handler ran.</source>
        <translation>Без защиты: стратегия none, поэтому key не проверялся, и обработчик запущен.</translation>
    </message>
    <message>
        <source>Unprotected: the request carried no key and this operation does not require one, so the handler ran without idempotency protection.</source>
        <translation>Без защиты: в запросе не было key, а эта операция его не требует, поэтому обработчик запущен без защиты идемпотентности.</translation>
    </message>
    <message>
        <source>Store unavailable: the handler ran (its effect happened), but the completion write could not reach the database, so the record stays in progress.</source>
        <translation>Хранилище недоступно: обработчик выполнен (его эффект произошёл), но сохранить завершение не удалось, потому что база данных недоступна, и запись остаётся в состоянии in_progress.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left; nothing records the request, so a retry runs the handler again.</source>
        <translation>Аварийное завершение: процесс упал уже после эффекта, поэтому ответ не отправлен; о запросе ничего не сохранено, так что retry снова запустит обработчик.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left; nothing records the request, so a retry runs the handler again.</source>
        <translation>Аварийное завершение: процесс упал ещё до эффекта, поэтому ответ не отправлен; о запросе ничего не сохранено, так что retry снова запустит обработчик.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left and nothing was written: a retry sees what this request saw and runs the handler again.</source>
        <translation>Аварийное завершение: процесс упал уже после эффекта, поэтому ответ не отправлен и ничего не записано: retry увидит то же, что увидел этот запрос, и снова запустит обработчик.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left and nothing was written: a retry sees what this request saw and runs the handler again.</source>
        <translation>Аварийное завершение: процесс упал ещё до эффекта, поэтому ответ не отправлен и ничего не записано: retry увидит то же, что увидел этот запрос, и снова запустит обработчик.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left; the seen flag stays set with no result, so a retry is told only that the key was seen.</source>
        <translation>Аварийное завершение: процесс упал уже после эффекта, поэтому ответ не отправлен; флаг seen остаётся установленным без результата, так что retry узнает лишь, что key уже встречался.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left; the seen flag stays set with no result, so a retry is told only that the key was seen.</source>
        <translation>Аварийное завершение: процесс упал ещё до эффекта, поэтому ответ не отправлен; флаг seen остаётся установленным без результата, так что retry узнает лишь, что key уже встречался.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left and the record stays in progress until its lease passes.</source>
        <translation>Аварийное завершение: процесс упал уже после эффекта, поэтому ответ не отправлен, а запись остаётся в состоянии in_progress, пока не истечёт её аренда.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left and the record stays in progress until its lease passes.</source>
        <translation>Аварийное завершение: процесс упал ещё до эффекта, поэтому ответ не отправлен, а запись остаётся в состоянии in_progress, пока не истечёт её аренда.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left and the record stays in progress: without a lease nobody may take it over.</source>
        <translation>Аварийное завершение: процесс упал уже после эффекта, поэтому ответ не отправлен, а запись остаётся в состоянии in_progress: без аренды никто не может её перехватить.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left and the record stays in progress: without a lease nobody may take it over.</source>
        <translation>Аварийное завершение: процесс упал ещё до эффекта, поэтому ответ не отправлен, а запись остаётся в состоянии in_progress: без аренды никто не может её перехватить.</translation>
    </message>
    <message>
        <source>Taken over as an orphan: the record it read was in progress with no in-progress deadline (or a passed one), so Powertools&apos; Redis layer took the orphan lock and overwrote it with an unconditional SET and ran the handler — whether or not the first request was still running.</source>
        <translation>Перехвачено как сирота: прочитанная запись была в состоянии in_progress без срока выполнения (или с прошедшим сроком), поэтому слой Powertools для Redis взял блокировку сироты, перезаписал запись безусловным SET и запустил обработчик — независимо от того, выполнялся ли ещё первый запрос.</translation>
    </message>
    <message>
        <source>Taken over as an orphan: the record&apos;s in-progress deadline had passed and the record was unchanged since it was read, so this request took the orphan lock, overwrote it and ran the handler.</source>
        <translation>Перехвачено как сирота: срок выполнения записи прошёл, и после чтения она не изменилась, поэтому этот запрос взял блокировку сироты, перезаписал запись и запустил обработчик.</translation>
    </message>
    <message>
        <source>Conflict: the record looked orphaned, but another request held the orphan lock, so this one was refused.</source>
        <translation>Конфликт: запись была похожа на сироту, но блокировку сироты держал другой запрос, поэтому этому отказано.</translation>
    </message>
    <message>
        <source>Conflict: the record looked orphaned, but it had changed since this request read it, so it was not overwritten.</source>
        <translation>Конфликт: запись была похожа на сироту, но изменилась после того, как этот запрос её прочитал, поэтому не была перезаписана.</translation>
    </message>
    <message>
        <source>Conflict: the record is in progress with no in-progress deadline, so it stays locked until the record&apos;s expiry.</source>
        <translation>Конфликт: запись в состоянии in_progress без срока выполнения, поэтому она остаётся заблокированной до своего истечения.</translation>
    </message>
    <message>
        <source>Crashed: The process died right after HSETNX wrote its claim and before its EXPIRE, so the record has no expiry: it stays in progress for ever and every retry is refused.</source>
        <translation>Аварийное завершение: процесс упал сразу после того, как HSETNX записал его claim, и до EXPIRE, поэтому у записи нет срока: она навсегда остаётся in_progress, и каждый retry отклоняется.</translation>
    </message>
    <message>
        <source>Crashed: The process died right after its claim was written, before the handler; SET NX PX gave the claim an expiry, so the key is gone %1 ms later and a retry may run then.</source>
        <translation>Аварийное завершение: процесс упал сразу после записи своего claim, до обработчика; SET NX PX задал claim срок, поэтому через %1 мс ключа не станет, и тогда retry сможет выполниться.</translation>
    </message>
    <message>
        <source>Crashed: The process died right after its claim was written, before the handler, so the record stays in progress until its lease passes.</source>
        <translation>Аварийное завершение: процесс упал сразу после записи своего claim, до обработчика, поэтому запись остаётся in_progress, пока не пройдёт её аренда.</translation>
    </message>
    <message>
        <source>Crashed: The process died right after its claim was written, before the handler, so the record stays in progress: without a lease nobody may take it over.</source>
        <translation>Аварийное завершение: процесс упал сразу после записи своего claim, до обработчика, поэтому запись остаётся in_progress: без аренды никто не вправе её перехватить.</translation>
    </message>
    <message>
        <source>Rejected: the key is empty, shorter than %1 characters, or contains control characters.</source>
        <translation>Отклонено: key пустой, его длина в символах меньше %1, либо он содержит управляющие символы.</translation>
    </message>
    <message>
        <source>Rejected: the Idempotency-Key header could not be read as a key under the service&apos;s key syntax (sf-string takes one double-quoted RFC 8941 String; raw takes the text as sent, without control characters), or it was sent more than once.</source>
        <translation>Отклонено: заголовок Idempotency-Key не удалось прочитать как key по синтаксису ключей сервиса (sf-string принимает одну строку RFC 8941 в двойных кавычках; raw — текст как есть, без управляющих символов), либо он был отправлен больше одного раза.</translation>
    </message>
    <message>
        <source>Error: InnoDB chose this request&apos;s claim transaction as a deadlock victim (ERROR 1213) while it waited with another claim of the same key on a transaction that rolled back, and the service answers the error (deadlock &quot;error&quot;). Another request now owns the key.</source>
        <translation>Ошибка: InnoDB выбрал транзакцию claim этого запроса жертвой deadlock (ERROR 1213), пока она вместе с другим claim того же key ждала транзакцию, которая откатилась, и сервис отвечает этой ошибкой (deadlock &quot;error&quot;). Теперь key владеет другой запрос.</translation>
    </message>
    <message>
        <source>Error: this request&apos;s claim transaction rolled back after its INSERT, so its row is gone and the claims of the same key that waited on its lock go on without it.</source>
        <translation>Ошибка: транзакция claim этого запроса откатилась после своего INSERT, поэтому её строки больше нет, а claim того же key, ждавшие её блокировку, продолжают без неё.</translation>
    </message>
    <message>
        <source>Error: the key is longer than the key column, and in strict mode the INSERT fails (ERROR 1406) rather than truncating it; nothing was stored.</source>
        <translation>Ошибка: key длиннее колонки key, и в строгом режиме INSERT падает (ERROR 1406), а не обрезает его; ничего не сохранено.</translation>
    </message>
    <message>
        <source>Replayed: the item&apos;s TTL had passed, but the claim&apos;s condition (attribute_not_exists) trusts the TTL sweeper to delete expired items, and it had not yet: the item blocked the put and its stored response was returned.</source>
        <translation>Replay: TTL элемента истёк, но условие claim (attribute_not_exists) полагается на то, что очистка TTL удаляет истёкшие элементы, а она ещё этого не сделала: элемент заблокировал put, и был возвращён сохранённый ответ.</translation>
    </message>
    <message>
        <source>Taken over: the item was INPROGRESS past its in_progress_expiration, so the conditional PutItem replaced it and this request ran the handler.</source>
        <translation>Перехвачено: элемент был INPROGRESS после своего in_progress_expiration, поэтому условный PutItem заменил его, и этот запрос выполнил обработчик.</translation>
    </message>
    <message>
        <source>Re-executed: the item&apos;s TTL had passed and the conditional PutItem tests expiry, so the put replaced the item — still there, as the TTL sweeper had not deleted it yet — and the handler ran again.</source>
        <translation>Выполнено заново: TTL элемента истёк, а условный PutItem проверяет срок действия, поэтому put заменил элемент — он ещё был на месте, очистка TTL его не удалила, — и обработчик выполнился снова.</translation>
    </message>
    <message>
        <source>Conflict: the conditional PutItem failed on the latest item, but the eventually consistent GetItem that followed returned the item as it was before its latest write, still in progress.</source>
        <translation>Конфликт: условный PutItem не прошёл на последней версии элемента, но следующий за ним GetItem, согласованный в конечном счёте, вернул элемент таким, каким тот был до последней записи, — ещё в процессе.</translation>
    </message>
    <message>
        <source>The handler&apos;s result made the item bigger than DynamoDB&apos;s item size limit (400 KB), so the completion failed with a ValidationException: the effect happened, the client got an error, and the record stays in_progress until its expiry (or its in-progress deadline).</source>
        <translation>Результат обработчика сделал элемент больше предельного размера элемента DynamoDB (400 КБ), поэтому завершение не удалось с ValidationException: эффект произошёл, клиент получил ошибку, а запись остаётся в состоянии in_progress до своего истечения (или до конца срока выполнения).</translation>
    </message>
</context>
<context>
    <name>iw::RuleStep</name>
    <message>
        <source>strategy none: no key checks</source>
        <translation>стратегия none: key не проверяется</translation>
    </message>
    <message>
        <source>key required but absent</source>
        <translation>key обязателен, но не передан</translation>
    </message>
    <message>
        <source>key fails the key rules</source>
        <translation>key не проходит проверку допустимости</translation>
    </message>
    <message>
        <source>key present and valid</source>
        <translation>key передан и допустим</translation>
    </message>
    <message>
        <source>no key, not required</source>
        <translation>key не передан и не обязателен</translation>
    </message>
    <message>
        <source>payload validation failed before execution</source>
        <translation>нагрузка не прошла проверку до начала исполнения</translation>
    </message>
    <message>
        <source>the upstream answered 2xx, then the process crashed before its own effect</source>
        <translation>следующее звено ответило 2xx, затем процесс упал до собственного эффекта</translation>
    </message>
    <message>
        <source>the upstream call answered 2xx</source>
        <translation>вызов следующего звена вернул 2xx</translation>
    </message>
    <message>
        <source>the upstream call was refused</source>
        <translation>следующее звено отклонило вызов</translation>
    </message>
    <message>
        <source>no answer from the upstream call after its retries</source>
        <translation>нет ответа от следующего звена после всех повторных попыток</translation>
    </message>
    <message>
        <source>effect executed, then the process crashed</source>
        <translation>эффект выполнен, затем процесс упал</translation>
    </message>
    <message>
        <source>the process crashed before the effect</source>
        <translation>процесс упал до эффекта</translation>
    </message>
    <message>
        <source>handler failed after execution began</source>
        <translation>обработчик завершился ошибкой после начала исполнения</translation>
    </message>
    <message>
        <source>proxy: no effect of its own</source>
        <translation>прокси: собственного эффекта нет</translation>
    </message>
    <message>
        <source>handler ran: the effect happened</source>
        <translation>обработчик выполнен: эффект произошёл</translation>
    </message>
    <message>
        <source>connection broke while a commit was in flight</source>
        <translation>подключение оборвалось, пока выполнялся commit</translation>
    </message>
    <message>
        <source>store unreachable</source>
        <translation>хранилище недоступно</translation>
    </message>
    <message>
        <source>completion write failed: the row stays in_progress</source>
        <translation>завершение не записано: строка остаётся в состоянии in_progress</translation>
    </message>
    <message>
        <source>store step failed inside a db_down window</source>
        <translation>шаг хранилища завершился ошибкой в окне db_down</translation>
    </message>
    <message>
        <source>claim won (INSERT … ON CONFLICT DO NOTHING returned the row)</source>
        <translation>захват выигран (INSERT … ON CONFLICT DO NOTHING вернул строку)</translation>
    </message>
    <message>
        <source>claim lost</source>
        <translation>захват проигран</translation>
    </message>
    <message>
        <source>row read</source>
        <translation>строка прочитана</translation>
    </message>
    <message>
        <source>conditional overwrite applied</source>
        <translation>условная перезапись выполнена</translation>
    </message>
    <message>
        <source>conditional overwrite lost: another request took the row first</source>
        <translation>условная перезапись проиграла: строку первым занял другой запрос</translation>
    </message>
    <message>
        <source>completion upsert (unconditional, last writer wins)</source>
        <translation>upsert завершения (безусловный, побеждает записавший последним)</translation>
    </message>
    <message>
        <source>error stored as the record&apos;s response</source>
        <translation>ошибка сохранена в записи как ответ</translation>
    </message>
    <message>
        <source>completion written</source>
        <translation>завершение записано</translation>
    </message>
    <message>
        <source>completion fenced: this request no longer owns the record, which stays unchanged</source>
        <translation>завершение отсечено: этот запрос больше не владеет записью, и она остаётся без изменений</translation>
    </message>
    <message>
        <source>store_errors false: the record was deleted (unconditionally)</source>
        <translation>store_errors false: запись удалена (безусловно)</translation>
    </message>
    <message>
        <source>store_errors false: the record was deleted</source>
        <translation>store_errors false: запись удалена</translation>
    </message>
    <message>
        <source>delete fenced: this request no longer owns the record</source>
        <translation>удаление отсечено: этот запрос больше не владеет записью</translation>
    </message>
    <message>
        <source>SELECT saw no row: run the handler, INSERT afterwards</source>
        <translation>SELECT не нашёл строки: выполнить обработчик, затем INSERT</translation>
    </message>
    <message>
        <source>SELECT saw a row</source>
        <translation>SELECT нашёл строку</translation>
    </message>
    <message>
        <source>store_errors false: the failure is not stored</source>
        <translation>store_errors false: ошибка не сохраняется</translation>
    </message>
    <message>
        <source>INSERT after the work succeeded</source>
        <translation>INSERT после выполнения работы прошёл успешно</translation>
    </message>
    <message>
        <source>INSERT met the other request&apos;s row: SQLSTATE 23505 — the effect already happened</source>
        <translation>INSERT наткнулся на строку другого запроса: SQLSTATE 23505&#xa0;— эффект уже произошёл</translation>
    </message>
    <message>
        <source>UPDATE overwrote the expired row</source>
        <translation>UPDATE перезаписал истёкшую строку</translation>
    </message>
    <message>
        <source>seen flag was clear: set it and run the handler</source>
        <translation>флаг seen не установлен: установить его и выполнить обработчик</translation>
    </message>
    <message>
        <source>seen flag already set: no result is known</source>
        <translation>флаг seen уже установлен: результат неизвестен</translation>
    </message>
    <message>
        <source>completion step writes nothing (a flag holds no result)</source>
        <translation>шаг завершения ничего не записывает (флаг не хранит результата)</translation>
    </message>
    <message>
        <source>the row vanished: claim again</source>
        <translation>строка исчезла: захватить заново</translation>
    </message>
    <message>
        <source>replay the stored response</source>
        <translation>replay сохранённого ответа</translation>
    </message>
    <message>
        <source>lease passed (checked before any fingerprint comparison)</source>
        <translation>аренда истекла (проверяется до сравнения fingerprint)</translation>
    </message>
    <message>
        <source>record expired (any state, whole seconds, strict)</source>
        <translation>срок записи истёк (любое состояние, целые секунды, строгое сравнение)</translation>
    </message>
    <message>
        <source>tombstone counts</source>
        <translation>учитывается tombstone</translation>
    </message>
    <message>
        <source>not expired</source>
        <translation>срок не истёк</translation>
    </message>
    <message>
        <source>fingerprint differs</source>
        <translation>fingerprint отличается</translation>
    </message>
    <message>
        <source>fingerprint equal</source>
        <translation>fingerprint совпадает</translation>
    </message>
    <message>
        <source>no payload validation configured</source>
        <translation>проверка нагрузки не настроена</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>запись в состоянии in_progress</translation>
    </message>
    <message>
        <source>fingerprint differs (checked first)</source>
        <translation>fingerprint отличается (проверяется первым)</translation>
    </message>
    <message>
        <source>terminal and expired</source>
        <translation>запись в конечном состоянии, срок истёк</translation>
    </message>
    <message>
        <source>after_expiry tombstone: refuse, name the earlier result</source>
        <translation>after_expiry tombstone: отклонить, указав прежний результат</translation>
    </message>
    <message>
        <source>after_expiry forget: overwrite</source>
        <translation>after_expiry forget: перезаписать</translation>
    </message>
    <message>
        <source>lease passed</source>
        <translation>аренда истекла</translation>
    </message>
    <message>
        <source>lease not passed</source>
        <translation>аренда не истекла</translation>
    </message>
    <message>
        <source>no lease</source>
        <translation>аренды нет</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>запись в состоянии completed</translation>
    </message>
    <message>
        <source>EXPIRE gave the claim its expiry</source>
        <translation>EXPIRE задал claim срок</translation>
    </message>
    <message>
        <source>EXPIRE found no key</source>
        <translation>EXPIRE не нашёл ключа</translation>
    </message>
    <message>
        <source>the process crashed right after its claim was written</source>
        <translation>процесс упал сразу после записи своего claim</translation>
    </message>
    <message>
        <source>claim won (HSETNX wrote the record, with no expiry yet)</source>
        <translation>claim получен (HSETNX записал запись, пока без срока)</translation>
    </message>
    <message>
        <source>claim won (SET … NX PX wrote the key with its expiry)</source>
        <translation>claim получен (SET … NX PX записал ключ вместе со сроком)</translation>
    </message>
    <message>
        <source>claim lost (SET NX: the key exists)</source>
        <translation>claim не получен (SET NX: ключ существует)</translation>
    </message>
    <message>
        <source>COMPLETED, its key not expired</source>
        <translation>COMPLETED, ключ не истёк</translation>
    </message>
    <message>
        <source>INPROGRESS, its in-progress deadline ahead</source>
        <translation>INPROGRESS, срок выполнения ещё не наступил</translation>
    </message>
    <message>
        <source>INPROGRESS with no in-progress deadline: locked until the record&apos;s expiry</source>
        <translation>INPROGRESS без срока выполнения: заблокирована до истечения записи</translation>
    </message>
    <message>
        <source>INPROGRESS with no in-progress deadline: the snapshot looks orphaned</source>
        <translation>INPROGRESS без срока выполнения: снимок похож на сироту</translation>
    </message>
    <message>
        <source>INPROGRESS, its in-progress deadline passed: the snapshot looks orphaned</source>
        <translation>INPROGRESS, срок выполнения прошёл: снимок похож на сироту</translation>
    </message>
    <message>
        <source>orphan lock taken; the record, unchanged, was overwritten</source>
        <translation>блокировка сироты взята; запись, не изменившаяся, перезаписана</translation>
    </message>
    <message>
        <source>orphan lock taken; the record overwritten (unconditional SET)</source>
        <translation>блокировка сироты взята; запись перезаписана (безусловный SET)</translation>
    </message>
    <message>
        <source>orphan lock held by another request</source>
        <translation>блокировку сироты держит другой запрос</translation>
    </message>
    <message>
        <source>the record changed since it was read: not overwritten</source>
        <translation>запись изменилась после чтения: не перезаписана</translation>
    </message>
    <message>
        <source>the Idempotency-Key header is not a key under the key syntax</source>
        <translation>заголовок Idempotency-Key не является key по синтаксису ключей</translation>
    </message>
    <message>
        <source>in_progress_wait_ms: wait, then read the record again</source>
        <translation>in_progress_wait_ms: подождать и прочитать запись снова</translation>
    </message>
    <message>
        <source>in_progress_wait_ms passed: still in progress</source>
        <translation>in_progress_wait_ms истекло: запись всё ещё в состоянии in_progress</translation>
    </message>
    <message>
        <source>in progress (checked before the fingerprint)</source>
        <translation>запись в состоянии in_progress (проверяется до fingerprint)</translation>
    </message>
    <message>
        <source>the server stopped while the request ran</source>
        <translation>сервер остановился, пока запрос выполнялся</translation>
    </message>
    <message>
        <source>INSERT refused: the key is longer than the key column</source>
        <translation>INSERT отклонён: key длиннее колонки key</translation>
    </message>
    <message>
        <source>the INSERT waits: another transaction&apos;s uncommitted claim holds the key&apos;s lock</source>
        <translation>INSERT ждёт: незафиксированный claim другой транзакции держит блокировку key</translation>
    </message>
    <message>
        <source>claim lost (duplicate key: ERROR 1062)</source>
        <translation>claim проигран (дубликат key: ERROR 1062)</translation>
    </message>
    <message>
        <source>claim lost (INSERT IGNORE: 0 rows, a warning)</source>
        <translation>claim проигран (INSERT IGNORE: 0 строк, предупреждение)</translation>
    </message>
    <message>
        <source>claim lost (ON DUPLICATE KEY UPDATE: the row existed)</source>
        <translation>claim проигран (ON DUPLICATE KEY UPDATE: строка уже была)</translation>
    </message>
    <message>
        <source>claim won (the INSERT created the row)</source>
        <translation>claim выигран (INSERT создал строку)</translation>
    </message>
    <message>
        <source>the claim transaction stays open, holding the key&apos;s lock</source>
        <translation>транзакция claim остаётся открытой и держит блокировку key</translation>
    </message>
    <message>
        <source>the claim transaction rolled back: its row is gone</source>
        <translation>транзакция claim откатилась: её строки больше нет</translation>
    </message>
    <message>
        <source>the lock was released and the INSERT created the row</source>
        <translation>блокировка снята, и INSERT создал строку</translation>
    </message>
    <message>
        <source>the lock was released; the row exists (duplicate key)</source>
        <translation>блокировка снята; строка существует (дубликат key)</translation>
    </message>
    <message>
        <source>deadlock victim (ERROR 1213): the claim transaction runs again</source>
        <translation>жертва deadlock (ERROR 1213): транзакция claim выполняется заново</translation>
    </message>
    <message>
        <source>deadlock victim (ERROR 1213): the error is answered</source>
        <translation>жертва deadlock (ERROR 1213): в ответ уходит ошибка</translation>
    </message>
    <message>
        <source>a read without a key: nothing to check or claim</source>
        <translation>чтение без key: нечего проверять и захватывать</translation>
    </message>
    <message>
        <source>a read: the handler changed nothing</source>
        <translation>чтение: обработчик ничего не изменил</translation>
    </message>
    <message>
        <source>the GetItem was eventually consistent: it returned the item as it was before its latest write</source>
        <translation>GetItem был согласованным в конечном счёте: он вернул элемент таким, каким тот был до последней записи</translation>
    </message>
    <message>
        <source>the item&apos;s TTL has passed (expires_at &lt; :now), though it is still there</source>
        <translation>TTL элемента истёк (expires_at &lt; :now), хотя элемент всё ещё на месте</translation>
    </message>
    <message>
        <source>claim won (the conditional PutItem found no item)</source>
        <translation>claim выигран (условный PutItem не нашёл элемента)</translation>
    </message>
    <message>
        <source>claim won: the item&apos;s TTL had passed (expires_at &lt; :now), so the conditional PutItem replaced it, though the sweeper had not deleted it</source>
        <translation>claim выигран: TTL элемента истёк (expires_at &lt; :now), и условный PutItem заменил его, хотя очистка TTL его ещё не удалила</translation>
    </message>
    <message>
        <source>claim won: the item was INPROGRESS past its in_progress_expiration, so the conditional PutItem replaced it</source>
        <translation>claim выигран: элемент был INPROGRESS после своего in_progress_expiration, и условный PutItem заменил его</translation>
    </message>
    <message>
        <source>claim lost (ConditionalCheckFailedException)</source>
        <translation>claim проигран (ConditionalCheckFailedException)</translation>
    </message>
    <message>
        <source>the failed PutItem returned the item it met (ALL_OLD)</source>
        <translation>неудавшийся PutItem вернул элемент, на который наткнулся (ALL_OLD)</translation>
    </message>
    <message>
        <source>the item&apos;s TTL has passed, but the service trusts the TTL sweeper: an item that is there counts as live</source>
        <translation>TTL элемента истёк, но сервис полагается на очистку TTL: элемент, который есть, считается живым</translation>
    </message>
    <message>
        <source>completion refused: the item would be over the item size limit (ValidationException), so it stays in_progress</source>
        <translation>завершение отклонено: элемент превысил бы предельный размер элемента (ValidationException), поэтому он остаётся в состоянии in_progress</translation>
    </message>
</context>
<context>
    <name>iw::StuckRule</name>
    <message>
        <source>in progress past its lease; with no lease, older than %1; or past its expiry</source>
        <translation>в состоянии in_progress после окончания аренды; без аренды — старше %1; или после истечения срока</translation>
    </message>
</context>
</TS>
