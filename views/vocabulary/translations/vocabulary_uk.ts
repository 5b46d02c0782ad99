<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
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
        <translation>%1&#xa0;хв %2&#xa0;с</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1&#xa0;хв</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1&#xa0;год %2&#xa0;хв</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1&#xa0;год</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1&#xa0;д %2&#xa0;год</translation>
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
        <translation>хв</translation>
    </message>
    <message>
        <source>h</source>
        <translation>год</translation>
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
        <translation>Відхилено: ця операція вимагає заголовка Idempotency-Key, а запит його не містив.</translation>
    </message>
    <message>
        <source>Rejected: the key is empty, shorter than %1 or longer than %2 characters, or contains control characters.</source>
        <translation>Відхилено: key порожній, його довжина в символах менша за %1 або більша за %2, або він містить керівні символи.</translation>
    </message>
    <message>
        <source>Rejected before execution: the payload failed validation, so nothing was stored and a fixed retry with the same key may run.</source>
        <translation>Відхилено до початку виконання: корисне навантаження не пройшло перевірку, тому нічого не збережено, і виправлений retry з тим самим key може виконатися.</translation>
    </message>
    <message>
        <source>Executed: this request won the claim on its scope, so it owned the key and ran the handler.</source>
        <translation>Виконано: цей запит виграв захоплення свого scope, тому став власником key і запустив обробник.</translation>
    </message>
    <message>
        <source>Replayed: same scope and same fingerprint, and the record is completed and not expired, so the stored response was returned without running the handler.</source>
        <translation>Replay: той самий scope і той самий fingerprint, запис у стані completed і його термін не сплив, тому повернено збережену відповідь без запуску обробника.</translation>
    </message>
    <message>
        <source>Conflict: same scope and same fingerprint, but the original request is still in progress and its lease (if any) has not passed.</source>
        <translation>Конфлікт: той самий scope і той самий fingerprint, але початковий запит ще виконується, а його оренда (якщо вона є) не закінчилася.</translation>
    </message>
    <message>
        <source>Conflict: the key was reused in this scope with a different payload fingerprint, so the handler was not run again.</source>
        <translation>Конфлікт: key повторно використано в цьому scope з іншим fingerprint навантаження, тому обробник повторно не запускався.</translation>
    </message>
    <message>
        <source>Taken over: the record was still in progress but its lease had passed, so this request took ownership and ran the handler.</source>
        <translation>Перехоплено: запис ще був у стані in_progress, але його оренда закінчилася, тому цей запит став власником і запустив обробник.</translation>
    </message>
    <message>
        <source>Re-executed: the record had expired (after_expiry forget), so the key was treated as new and the handler ran again.</source>
        <translation>Виконано знову: термін запису сплив (after_expiry forget), тому key сприйнято як новий, і обробник запущено знову.</translation>
    </message>
    <message>
        <source>Refused for reconciliation: the record expired but its tombstone still remembers the earlier result, so the request is not treated as new.</source>
        <translation>Відхилено для звіряння: термін запису сплив, але його tombstone ще пам’ятає попередній результат, тому запит не вважається новим.</translation>
    </message>
    <message>
        <source>Seen flag set: the key was seen before but no result is known, so the service cannot tell whether the first request is running, failed or finished.</source>
        <translation>Прапорець seen встановлено: key уже траплявся, але результат невідомий, тому сервіс не може визначити, чи перший запит ще виконується, чи завершився помилкою, чи успішно.</translation>
    </message>
    <message>
        <source>Unprotected: no idempotency protection applied (strategy none or no key), so the handler ran.</source>
        <translation>Без захисту: захист ідемпотентності не застосовувався (стратегія none або немає key), тому обробник запущено.</translation>
    </message>
    <message>
        <source>Store unavailable: a store step failed because the database could not be reached.</source>
        <translation>Сховище недоступне: крок сховища завершився помилкою, бо не вдалося зв’язатися з базою даних.</translation>
    </message>
    <message>
        <source>Unknown outcome: the database connection broke while a commit was in flight, so whether it was applied cannot be known.</source>
        <translation>Результат невідомий: підключення до бази даних обірвалося, поки виконувався commit, тому неможливо дізнатися, чи він відбувся.</translation>
    </message>
    <message>
        <source>Crashed: the process handling this request died during the handler, so no response left and the record stayed in progress.</source>
        <translation>Аварійне завершення: процес, що обробляв цей запит, упав під час роботи обробника, тому відповідь не надіслано, а запис залишився в стані in_progress.</translation>
    </message>
    <message>
        <source>The handler failed and the error is stored as the record&apos;s response, so a retry replays it.</source>
        <translation>Обробник завершився помилкою; її збережено в записі як відповідь, тому retry отримає її повторно (replay).</translation>
    </message>
    <message>
        <source>The handler failed; store_errors is false, so the record was deleted and a retry may run again.</source>
        <translation>Обробник завершився помилкою; store_errors дорівнює false, тому запис видалено, і retry може виконатися знову.</translation>
    </message>
    <message>
        <source>The handler failed, but by then another request owned the record, so it was left alone.</source>
        <translation>Обробник завершився помилкою, але на той час запис уже належав іншому запиту, тому його не чіпали.</translation>
    </message>
    <message>
        <source>By the time it finished another request had taken the record over, so its completion was not written.</source>
        <translation>Коли цей запит закінчив роботу, запис уже перехопив інший запит, тому його завершення не записано.</translation>
    </message>
    <message>
        <source>The handler failed; the completion upsert stored the error (last writer wins).</source>
        <translation>Обробник завершився помилкою; upsert завершення зберіг помилку (перемагає той, хто записав останнім).</translation>
    </message>
    <message>
        <source>Its completion was an unconditional upsert (last writer wins).</source>
        <translation>Завершення цього запиту записано безумовним upsert (перемагає той, хто записав останнім).</translation>
    </message>
    <message>
        <source>The handler failed after execution began.</source>
        <translation>Обробник завершився помилкою після початку виконання.</translation>
    </message>
    <message>
        <source>Executed, then failed: check_then_insert&apos;s SELECT saw no row, so this request ran the handler, but another request inserted the row first and this one&apos;s INSERT met SQLSTATE 23505. The effect had already happened, and the client got an error.</source>
        <translation>Виконано, потім помилка: SELECT стратегії check_then_insert не знайшов рядка, тому цей запит запустив обробник, але інший запит вставив рядок першим, і INSERT цього запиту отримав SQLSTATE 23505. Ефект на той час уже відбувся, а клієнт отримав помилку.</translation>
    </message>
    <message>
        <source>Executed: check_then_insert&apos;s SELECT saw no row, so this request ran the handler; it failed and store_errors is false, so nothing was inserted and a retry runs again.</source>
        <translation>Виконано: SELECT стратегії check_then_insert не знайшов рядка, тому цей запит запустив обробник; обробник завершився помилкою, а store_errors дорівнює false, тому нічого не вставлено, і retry виконається знову.</translation>
    </message>
    <message>
        <source>Executed: check_then_insert&apos;s SELECT saw no row, so this request ran the handler and inserted the completed row afterwards; nothing stopped another request from doing the same in between.</source>
        <translation>Виконано: SELECT стратегії check_then_insert не знайшов рядка, тому цей запит запустив обробник і після цього вставив рядок у стані completed; ніщо не заважало іншому запиту тим часом зробити те саме.</translation>
    </message>
    <message>
        <source>Executed: the seen flag was clear, so this request set it and ran the handler; the flag keeps no result, so a retry cannot be answered with this response.</source>
        <translation>Виконано: прапорець seen не було встановлено, тому цей запит установив його й запустив обробник; прапорець не зберігає результату, тому retry не зможе отримати цю відповідь.</translation>
    </message>
    <message>
        <source>The handler failed.</source>
        <translation>Обробник завершився помилкою.</translation>
    </message>
    <message>
        <source>Re-executed: check_then_insert&apos;s SELECT saw an expired row (after_expiry forget), so the key was treated as new, the handler ran again and an UPDATE overwrote the row.</source>
        <translation>Виконано знову: SELECT стратегії check_then_insert знайшов прострочений рядок (after_expiry forget), тому key сприйнято як новий, обробник запущено знову, а UPDATE перезаписав рядок.</translation>
    </message>
    <message>
        <source>Refused for reconciliation: the record has expired, and after_expiry tombstone does not treat its key as new, so the request is refused with the earlier result named.</source>
        <translation>Відхилено для звіряння: термін запису сплив, а за after_expiry tombstone його key не вважається новим, тому запит відхилено із зазначенням попереднього результату.</translation>
    </message>
    <message>
        <source>Conflict: this request found the record free to take over, but another request took it first (its conditional overwrite lost), so the handler was not run.</source>
        <translation>Конфлікт: цей запит знайшов запис доступним для перехоплення, але інший запит перехопив його першим (умовний перезапис цього запиту програв), тому обробник не запускався.</translation>
    </message>
    <message>
        <source>Conflict: same scope and same fingerprint, but the original request is still in progress and, without a lease, nobody may take it over.</source>
        <translation>Конфлікт: той самий scope і той самий fingerprint, але початковий запит ще виконується, а без оренди ніхто не може перехопити запис.</translation>
    </message>
    <message>
        <source>Unprotected: the strategy is none, so no key was checked and the handler ran.</source>
        <translation>Без захисту: стратегія none, тому key не перевірявся, і обробник запущено.</translation>
    </message>
    <message>
        <source>Unprotected: the request carried no key and this operation does not require one, so the handler ran without idempotency protection.</source>
        <translation>Без захисту: запит не містив key, а ця операція його не вимагає, тому обробник запущено без захисту ідемпотентності.</translation>
    </message>
    <message>
        <source>Store unavailable: the handler ran (its effect happened), but the completion write could not reach the database, so the record stays in progress.</source>
        <translation>Сховище недоступне: обробник виконано (його ефект відбувся), але зберегти завершення не вдалося, бо база даних недоступна, і запис залишається в стані in_progress.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left; nothing records the request, so a retry runs the handler again.</source>
        <translation>Аварійне завершення: процес упав уже після ефекту, тому відповідь не надіслано; про запит нічого не збережено, тож retry знову запустить обробник.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left; nothing records the request, so a retry runs the handler again.</source>
        <translation>Аварійне завершення: процес упав ще до ефекту, тому відповідь не надіслано; про запит нічого не збережено, тож retry знову запустить обробник.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left and nothing was written: a retry sees what this request saw and runs the handler again.</source>
        <translation>Аварійне завершення: процес упав уже після ефекту, тому відповідь не надіслано й нічого не записано: retry побачить те саме, що побачив цей запит, і знову запустить обробник.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left and nothing was written: a retry sees what this request saw and runs the handler again.</source>
        <translation>Аварійне завершення: процес упав ще до ефекту, тому відповідь не надіслано й нічого не записано: retry побачить те саме, що побачив цей запит, і знову запустить обробник.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left; the seen flag stays set with no result, so a retry is told only that the key was seen.</source>
        <translation>Аварійне завершення: процес упав уже після ефекту, тому відповідь не надіслано; прапорець seen залишається встановленим без результату, тож retry дізнається лише, що key уже траплявся.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left; the seen flag stays set with no result, so a retry is told only that the key was seen.</source>
        <translation>Аварійне завершення: процес упав ще до ефекту, тому відповідь не надіслано; прапорець seen залишається встановленим без результату, тож retry дізнається лише, що key уже траплявся.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left and the record stays in progress until its lease passes.</source>
        <translation>Аварійне завершення: процес упав уже після ефекту, тому відповідь не надіслано, а запис залишається в стані in_progress, доки не закінчиться його оренда.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left and the record stays in progress until its lease passes.</source>
        <translation>Аварійне завершення: процес упав ще до ефекту, тому відповідь не надіслано, а запис залишається в стані in_progress, доки не закінчиться його оренда.</translation>
    </message>
    <message>
        <source>Crashed: The process died after the effect happened, so no response left and the record stays in progress: without a lease nobody may take it over.</source>
        <translation>Аварійне завершення: процес упав уже після ефекту, тому відповідь не надіслано, а запис залишається в стані in_progress: без оренди ніхто не може його перехопити.</translation>
    </message>
    <message>
        <source>Crashed: The process died before the effect, so no response left and the record stays in progress: without a lease nobody may take it over.</source>
        <translation>Аварійне завершення: процес упав ще до ефекту, тому відповідь не надіслано, а запис залишається в стані in_progress: без оренди ніхто не може його перехопити.</translation>
    </message>
    <message>
        <source>Taken over as an orphan: the record it read was in progress with no in-progress deadline (or a passed one), so Powertools&apos; Redis layer took the orphan lock and overwrote it with an unconditional SET and ran the handler — whether or not the first request was still running.</source>
        <translation>Перехоплено як сироту: прочитаний запис був у стані in_progress без строку виконання (або з пропущеним строком), тож шар Powertools для Redis узяв блокування сироти, перезаписав запис безумовним SET і запустив обробник — незалежно від того, чи виконувався ще перший запит.</translation>
    </message>
    <message>
        <source>Taken over as an orphan: the record&apos;s in-progress deadline had passed and the record was unchanged since it was read, so this request took the orphan lock, overwrote it and ran the handler.</source>
        <translation>Перехоплено як сироту: строк виконання запису минув, і після читання він не змінився, тож цей запит узяв блокування сироти, перезаписав запис і запустив обробник.</translation>
    </message>
    <message>
        <source>Conflict: the record looked orphaned, but another request held the orphan lock, so this one was refused.</source>
        <translation>Конфлікт: запис був схожий на сироту, але блокування сироти тримав інший запит, тож цьому відмовлено.</translation>
    </message>
    <message>
        <source>Conflict: the record looked orphaned, but it had changed since this request read it, so it was not overwritten.</source>
        <translation>Конфлікт: запис був схожий на сироту, але змінився після того, як цей запит його прочитав, тож його не перезаписано.</translation>
    </message>
    <message>
        <source>Conflict: the record is in progress with no in-progress deadline, so it stays locked until the record&apos;s expiry.</source>
        <translation>Конфлікт: запис у стані in_progress без строку виконання, тож він залишається заблокованим до свого спливання.</translation>
    </message>
    <message>
        <source>Crashed: The process died right after HSETNX wrote its claim and before its EXPIRE, so the record has no expiry: it stays in progress for ever and every retry is refused.</source>
        <translation>Аварійне завершення: процес упав одразу після того, як HSETNX записав його claim, і до EXPIRE, тож запис не має строку: він назавжди залишається in_progress, і кожен retry відхиляється.</translation>
    </message>
    <message>
        <source>Crashed: The process died right after its claim was written, before the handler; SET NX PX gave the claim an expiry, so the key is gone %1 ms later and a retry may run then.</source>
        <translation>Аварійне завершення: процес упав одразу після запису свого claim, до обробника; SET NX PX задав claim строк, тож через %1 мс ключа не стане, і тоді retry зможе виконатися.</translation>
    </message>
    <message>
        <source>Crashed: The process died right after its claim was written, before the handler, so the record stays in progress until its lease passes.</source>
        <translation>Аварійне завершення: процес упав одразу після запису свого claim, до обробника, тож запис залишається in_progress, доки не мине його оренда.</translation>
    </message>
    <message>
        <source>Crashed: The process died right after its claim was written, before the handler, so the record stays in progress: without a lease nobody may take it over.</source>
        <translation>Аварійне завершення: процес упав одразу після запису свого claim, до обробника, тож запис залишається in_progress: без оренди ніхто не має права його перехопити.</translation>
    </message>
    <message>
        <source>Rejected: the key is empty, shorter than %1 characters, or contains control characters.</source>
        <translation>Відхилено: key порожній, його довжина в символах менша за %1, або він містить керівні символи.</translation>
    </message>
    <message>
        <source>Rejected: the Idempotency-Key header could not be read as a key under the service&apos;s key syntax (sf-string takes one double-quoted RFC 8941 String; raw takes the text as sent, without control characters), or it was sent more than once.</source>
        <translation>Відхилено: заголовок Idempotency-Key не вдалося прочитати як key за синтаксисом ключів сервісу (sf-string приймає один рядок RFC 8941 у подвійних лапках; raw — текст як є, без керівних символів), або його надіслано більше одного разу.</translation>
    </message>
    <message>
        <source>Error: InnoDB chose this request&apos;s claim transaction as a deadlock victim (ERROR 1213) while it waited with another claim of the same key on a transaction that rolled back, and the service answers the error (deadlock &quot;error&quot;). Another request now owns the key.</source>
        <translation>Помилка: InnoDB обрав транзакцію claim цього запиту жертвою deadlock (ERROR 1213), поки вона разом з іншим claim того самого key чекала на транзакцію, яку відкочено, і сервіс відповідає цією помилкою (deadlock &quot;error&quot;). Тепер key володіє інший запит.</translation>
    </message>
    <message>
        <source>Error: this request&apos;s claim transaction rolled back after its INSERT, so its row is gone and the claims of the same key that waited on its lock go on without it.</source>
        <translation>Помилка: транзакцію claim цього запиту відкочено після її INSERT, тож її рядка більше немає, а claim того самого key, що чекали на її блокування, продовжують без неї.</translation>
    </message>
    <message>
        <source>Error: the key is longer than the key column, and in strict mode the INSERT fails (ERROR 1406) rather than truncating it; nothing was stored.</source>
        <translation>Помилка: key довший за колонку key, і в строгому режимі INSERT падає (ERROR 1406), а не обрізає його; нічого не збережено.</translation>
    </message>
    <message>
        <source>Replayed: the item&apos;s TTL had passed, but the claim&apos;s condition (attribute_not_exists) trusts the TTL sweeper to delete expired items, and it had not yet: the item blocked the put and its stored response was returned.</source>
        <translation>Replay: TTL елемента минув, але умова claim (attribute_not_exists) покладається на те, що очищення TTL видаляє прострочені елементи, а воно ще цього не зробило: елемент заблокував put, і було повернуто збережену відповідь.</translation>
    </message>
    <message>
        <source>Taken over: the item was INPROGRESS past its in_progress_expiration, so the conditional PutItem replaced it and this request ran the handler.</source>
        <translation>Перехоплено: елемент був INPROGRESS після свого in_progress_expiration, тож умовний PutItem замінив його, і цей запит виконав обробник.</translation>
    </message>
    <message>
        <source>Re-executed: the item&apos;s TTL had passed and the conditional PutItem tests expiry, so the put replaced the item — still there, as the TTL sweeper had not deleted it yet — and the handler ran again.</source>
        <translation>Виконано знову: TTL елемента минув, а умовний PutItem перевіряє строк дії, тож put замінив елемент — він ще був на місці, очищення TTL його не видалило, — і обробник виконався знову.</translation>
    </message>
    <message>
        <source>Conflict: the conditional PutItem failed on the latest item, but the eventually consistent GetItem that followed returned the item as it was before its latest write, still in progress.</source>
        <translation>Конфлікт: умовний PutItem не пройшов на останній версії елемента, але наступний GetItem, узгоджений зрештою, повернув елемент таким, яким той був до останнього запису, — ще в процесі.</translation>
    </message>
    <message>
        <source>The handler&apos;s result made the item bigger than DynamoDB&apos;s item size limit (400 KB), so the completion failed with a ValidationException: the effect happened, the client got an error, and the record stays in_progress until its expiry (or its in-progress deadline).</source>
        <translation>Результат обробника зробив елемент більшим за граничний розмір елемента DynamoDB (400 КБ), тому завершення не вдалося з ValidationException: ефект стався, клієнт отримав помилку, а запис залишається в стані in_progress до свого спливання (або до кінця строку виконання).</translation>
    </message>
</context>
<context>
    <name>iw::RuleStep</name>
    <message>
        <source>strategy none: no key checks</source>
        <translation>стратегія none: key не перевіряється</translation>
    </message>
    <message>
        <source>key required but absent</source>
        <translation>key обов’язковий, але його не передано</translation>
    </message>
    <message>
        <source>key fails the key rules</source>
        <translation>key не проходить перевірку допустимості</translation>
    </message>
    <message>
        <source>key present and valid</source>
        <translation>key передано, і він допустимий</translation>
    </message>
    <message>
        <source>no key, not required</source>
        <translation>key не передано, і він не обов’язковий</translation>
    </message>
    <message>
        <source>payload validation failed before execution</source>
        <translation>навантаження не пройшло перевірку до початку виконання</translation>
    </message>
    <message>
        <source>the upstream answered 2xx, then the process crashed before its own effect</source>
        <translation>наступна ланка відповіла 2xx, потім процес упав до власного ефекту</translation>
    </message>
    <message>
        <source>the upstream call answered 2xx</source>
        <translation>виклик наступної ланки повернув 2xx</translation>
    </message>
    <message>
        <source>the upstream call was refused</source>
        <translation>наступна ланка відхилила виклик</translation>
    </message>
    <message>
        <source>no answer from the upstream call after its retries</source>
        <translation>немає відповіді від наступної ланки після всіх повторних спроб</translation>
    </message>
    <message>
        <source>effect executed, then the process crashed</source>
        <translation>ефект виконано, потім процес упав</translation>
    </message>
    <message>
        <source>the process crashed before the effect</source>
        <translation>процес упав до ефекту</translation>
    </message>
    <message>
        <source>handler failed after execution began</source>
        <translation>обробник завершився помилкою після початку виконання</translation>
    </message>
    <message>
        <source>proxy: no effect of its own</source>
        <translation>проксі: власного ефекту немає</translation>
    </message>
    <message>
        <source>handler ran: the effect happened</source>
        <translation>обробник виконано: ефект відбувся</translation>
    </message>
    <message>
        <source>connection broke while a commit was in flight</source>
        <translation>підключення обірвалося, поки виконувався commit</translation>
    </message>
    <message>
        <source>store unreachable</source>
        <translation>сховище недоступне</translation>
    </message>
    <message>
        <source>completion write failed: the row stays in_progress</source>
        <translation>завершення не записано: рядок залишається в стані in_progress</translation>
    </message>
    <message>
        <source>store step failed inside a db_down window</source>
        <translation>крок сховища завершився помилкою у вікні db_down</translation>
    </message>
    <message>
        <source>claim won (INSERT … ON CONFLICT DO NOTHING returned the row)</source>
        <translation>захоплення виграно (INSERT … ON CONFLICT DO NOTHING повернув рядок)</translation>
    </message>
    <message>
        <source>claim lost</source>
        <translation>захоплення програно</translation>
    </message>
    <message>
        <source>row read</source>
        <translation>рядок прочитано</translation>
    </message>
    <message>
        <source>conditional overwrite applied</source>
        <translation>умовний перезапис виконано</translation>
    </message>
    <message>
        <source>conditional overwrite lost: another request took the row first</source>
        <translation>умовний перезапис програв: рядок першим зайняв інший запит</translation>
    </message>
    <message>
        <source>completion upsert (unconditional, last writer wins)</source>
        <translation>upsert завершення (безумовний, перемагає той, хто записав останнім)</translation>
    </message>
    <message>
        <source>error stored as the record&apos;s response</source>
        <translation>помилку збережено в записі як відповідь</translation>
    </message>
    <message>
        <source>completion written</source>
        <translation>завершення записано</translation>
    </message>
    <message>
        <source>completion fenced: this request no longer owns the record, which stays unchanged</source>
        <translation>завершення відсічено: цей запит більше не володіє записом, і запис залишається без змін</translation>
    </message>
    <message>
        <source>store_errors false: the record was deleted (unconditionally)</source>
        <translation>store_errors false: запис видалено (безумовно)</translation>
    </message>
    <message>
        <source>store_errors false: the record was deleted</source>
        <translation>store_errors false: запис видалено</translation>
    </message>
    <message>
        <source>delete fenced: this request no longer owns the record</source>
        <translation>видалення відсічено: цей запит більше не володіє записом</translation>
    </message>
    <message>
        <source>SELECT saw no row: run the handler, INSERT afterwards</source>
        <translation>SELECT не знайшов рядка: виконати обробник, потім INSERT</translation>
    </message>
    <message>
        <source>SELECT saw a row</source>
        <translation>SELECT знайшов рядок</translation>
    </message>
    <message>
        <source>store_errors false: the failure is not stored</source>
        <translation>store_errors false: помилка не зберігається</translation>
    </message>
    <message>
        <source>INSERT after the work succeeded</source>
        <translation>INSERT після виконання роботи пройшов успішно</translation>
    </message>
    <message>
        <source>INSERT met the other request&apos;s row: SQLSTATE 23505 — the effect already happened</source>
        <translation>INSERT натрапив на рядок іншого запиту: SQLSTATE 23505&#xa0;— ефект уже відбувся</translation>
    </message>
    <message>
        <source>UPDATE overwrote the expired row</source>
        <translation>UPDATE перезаписав прострочений рядок</translation>
    </message>
    <message>
        <source>seen flag was clear: set it and run the handler</source>
        <translation>прапорець seen не встановлено: встановити його й виконати обробник</translation>
    </message>
    <message>
        <source>seen flag already set: no result is known</source>
        <translation>прапорець seen уже встановлено: результат невідомий</translation>
    </message>
    <message>
        <source>completion step writes nothing (a flag holds no result)</source>
        <translation>крок завершення нічого не записує (прапорець не зберігає результату)</translation>
    </message>
    <message>
        <source>the row vanished: claim again</source>
        <translation>рядок зник: захопити знову</translation>
    </message>
    <message>
        <source>replay the stored response</source>
        <translation>replay збереженої відповіді</translation>
    </message>
    <message>
        <source>lease passed (checked before any fingerprint comparison)</source>
        <translation>оренда закінчилася (перевіряється до порівняння fingerprint)</translation>
    </message>
    <message>
        <source>record expired (any state, whole seconds, strict)</source>
        <translation>термін запису сплив (будь-який стан, цілі секунди, строге порівняння)</translation>
    </message>
    <message>
        <source>tombstone counts</source>
        <translation>враховується tombstone</translation>
    </message>
    <message>
        <source>not expired</source>
        <translation>термін не сплив</translation>
    </message>
    <message>
        <source>fingerprint differs</source>
        <translation>fingerprint відрізняється</translation>
    </message>
    <message>
        <source>fingerprint equal</source>
        <translation>fingerprint збігається</translation>
    </message>
    <message>
        <source>no payload validation configured</source>
        <translation>перевірку навантаження не налаштовано</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>запис у стані in_progress</translation>
    </message>
    <message>
        <source>fingerprint differs (checked first)</source>
        <translation>fingerprint відрізняється (перевіряється першим)</translation>
    </message>
    <message>
        <source>terminal and expired</source>
        <translation>запис у кінцевому стані, термін сплив</translation>
    </message>
    <message>
        <source>after_expiry tombstone: refuse, name the earlier result</source>
        <translation>after_expiry tombstone: відхилити, вказавши попередній результат</translation>
    </message>
    <message>
        <source>after_expiry forget: overwrite</source>
        <translation>after_expiry forget: перезаписати</translation>
    </message>
    <message>
        <source>lease passed</source>
        <translation>оренда закінчилася</translation>
    </message>
    <message>
        <source>lease not passed</source>
        <translation>оренда не закінчилася</translation>
    </message>
    <message>
        <source>no lease</source>
        <translation>оренди немає</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>запис у стані completed</translation>
    </message>
    <message>
        <source>EXPIRE gave the claim its expiry</source>
        <translation>EXPIRE задав claim строк</translation>
    </message>
    <message>
        <source>EXPIRE found no key</source>
        <translation>EXPIRE не знайшов ключа</translation>
    </message>
    <message>
        <source>the process crashed right after its claim was written</source>
        <translation>процес упав одразу після запису свого claim</translation>
    </message>
    <message>
        <source>claim won (HSETNX wrote the record, with no expiry yet)</source>
        <translation>claim отримано (HSETNX записав запис, поки без строку)</translation>
    </message>
    <message>
        <source>claim won (SET … NX PX wrote the key with its expiry)</source>
        <translation>claim отримано (SET … NX PX записав ключ разом зі строком)</translation>
    </message>
    <message>
        <source>claim lost (SET NX: the key exists)</source>
        <translation>claim не отримано (SET NX: ключ існує)</translation>
    </message>
    <message>
        <source>COMPLETED, its key not expired</source>
        <translation>COMPLETED, ключ не сплив</translation>
    </message>
    <message>
        <source>INPROGRESS, its in-progress deadline ahead</source>
        <translation>INPROGRESS, строк виконання ще не настав</translation>
    </message>
    <message>
        <source>INPROGRESS with no in-progress deadline: locked until the record&apos;s expiry</source>
        <translation>INPROGRESS без строку виконання: заблоковано до спливання запису</translation>
    </message>
    <message>
        <source>INPROGRESS with no in-progress deadline: the snapshot looks orphaned</source>
        <translation>INPROGRESS без строку виконання: знімок схожий на сироту</translation>
    </message>
    <message>
        <source>INPROGRESS, its in-progress deadline passed: the snapshot looks orphaned</source>
        <translation>INPROGRESS, строк виконання минув: знімок схожий на сироту</translation>
    </message>
    <message>
        <source>orphan lock taken; the record, unchanged, was overwritten</source>
        <translation>блокування сироти взято; запис, що не змінився, перезаписано</translation>
    </message>
    <message>
        <source>orphan lock taken; the record overwritten (unconditional SET)</source>
        <translation>блокування сироти взято; запис перезаписано (безумовний SET)</translation>
    </message>
    <message>
        <source>orphan lock held by another request</source>
        <translation>блокування сироти тримає інший запит</translation>
    </message>
    <message>
        <source>the record changed since it was read: not overwritten</source>
        <translation>запис змінився після читання: не перезаписано</translation>
    </message>
    <message>
        <source>the Idempotency-Key header is not a key under the key syntax</source>
        <translation>заголовок Idempotency-Key не є key за синтаксисом ключів</translation>
    </message>
    <message>
        <source>in_progress_wait_ms: wait, then read the record again</source>
        <translation>in_progress_wait_ms: зачекати й прочитати запис знову</translation>
    </message>
    <message>
        <source>in_progress_wait_ms passed: still in progress</source>
        <translation>in_progress_wait_ms минуло: запис усе ще у стані in_progress</translation>
    </message>
    <message>
        <source>in progress (checked before the fingerprint)</source>
        <translation>запис у стані in_progress (перевіряється до fingerprint)</translation>
    </message>
    <message>
        <source>the server stopped while the request ran</source>
        <translation>сервер зупинився, поки запит виконувався</translation>
    </message>
    <message>
        <source>INSERT refused: the key is longer than the key column</source>
        <translation>INSERT відхилено: key довший за колонку key</translation>
    </message>
    <message>
        <source>the INSERT waits: another transaction&apos;s uncommitted claim holds the key&apos;s lock</source>
        <translation>INSERT чекає: незафіксований claim іншої транзакції тримає блокування key</translation>
    </message>
    <message>
        <source>claim lost (duplicate key: ERROR 1062)</source>
        <translation>claim програно (дублікат key: ERROR 1062)</translation>
    </message>
    <message>
        <source>claim lost (INSERT IGNORE: 0 rows, a warning)</source>
        <translation>claim програно (INSERT IGNORE: 0 рядків, попередження)</translation>
    </message>
    <message>
        <source>claim lost (ON DUPLICATE KEY UPDATE: the row existed)</source>
        <translation>claim програно (ON DUPLICATE KEY UPDATE: рядок уже був)</translation>
    </message>
    <message>
        <source>claim won (the INSERT created the row)</source>
        <translation>claim виграно (INSERT створив рядок)</translation>
    </message>
    <message>
        <source>the claim transaction stays open, holding the key&apos;s lock</source>
        <translation>транзакція claim лишається відкритою й тримає блокування key</translation>
    </message>
    <message>
        <source>the claim transaction rolled back: its row is gone</source>
        <translation>транзакцію claim відкочено: її рядка більше немає</translation>
    </message>
    <message>
        <source>the lock was released and the INSERT created the row</source>
        <translation>блокування знято, і INSERT створив рядок</translation>
    </message>
    <message>
        <source>the lock was released; the row exists (duplicate key)</source>
        <translation>блокування знято; рядок існує (дублікат key)</translation>
    </message>
    <message>
        <source>deadlock victim (ERROR 1213): the claim transaction runs again</source>
        <translation>жертва deadlock (ERROR 1213): транзакція claim виконується знову</translation>
    </message>
    <message>
        <source>deadlock victim (ERROR 1213): the error is answered</source>
        <translation>жертва deadlock (ERROR 1213): у відповідь іде помилка</translation>
    </message>
    <message>
        <source>a read without a key: nothing to check or claim</source>
        <translation>читання без key: нічого перевіряти й захоплювати</translation>
    </message>
    <message>
        <source>a read: the handler changed nothing</source>
        <translation>читання: обробник нічого не змінив</translation>
    </message>
    <message>
        <source>the GetItem was eventually consistent: it returned the item as it was before its latest write</source>
        <translation>GetItem був узгодженим зрештою: він повернув елемент таким, яким той був до останнього запису</translation>
    </message>
    <message>
        <source>the item&apos;s TTL has passed (expires_at &lt; :now), though it is still there</source>
        <translation>TTL елемента минув (expires_at &lt; :now), хоча елемент досі на місці</translation>
    </message>
    <message>
        <source>claim won (the conditional PutItem found no item)</source>
        <translation>claim виграно (умовний PutItem не знайшов елемента)</translation>
    </message>
    <message>
        <source>claim won: the item&apos;s TTL had passed (expires_at &lt; :now), so the conditional PutItem replaced it, though the sweeper had not deleted it</source>
        <translation>claim виграно: TTL елемента минув (expires_at &lt; :now), і умовний PutItem замінив його, хоча очищення TTL його ще не видалило</translation>
    </message>
    <message>
        <source>claim won: the item was INPROGRESS past its in_progress_expiration, so the conditional PutItem replaced it</source>
        <translation>claim виграно: елемент був INPROGRESS після свого in_progress_expiration, і умовний PutItem замінив його</translation>
    </message>
    <message>
        <source>claim lost (ConditionalCheckFailedException)</source>
        <translation>claim програно (ConditionalCheckFailedException)</translation>
    </message>
    <message>
        <source>the failed PutItem returned the item it met (ALL_OLD)</source>
        <translation>невдалий PutItem повернув елемент, на який натрапив (ALL_OLD)</translation>
    </message>
    <message>
        <source>the item&apos;s TTL has passed, but the service trusts the TTL sweeper: an item that is there counts as live</source>
        <translation>TTL елемента минув, але сервіс покладається на очищення TTL: елемент, який є, вважається живим</translation>
    </message>
    <message>
        <source>completion refused: the item would be over the item size limit (ValidationException), so it stays in_progress</source>
        <translation>завершення відхилено: елемент перевищив би граничний розмір елемента (ValidationException), тому він залишається в стані in_progress</translation>
    </message>
</context>
<context>
    <name>iw::StuckRule</name>
    <message>
        <source>in progress past its lease; with no lease, older than %1; or past its expiry</source>
        <translation>у стані in_progress після закінчення оренди; без оренди — старший за %1; або після закінчення терміну</translation>
    </message>
</context>
</TS>
