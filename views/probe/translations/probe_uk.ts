<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>ProbeText</name>
    <message>
        <source>A token, the same key quoted, a %1-character key and an empty key: which the service accepts, and whether &quot;k&quot; and k are one key</source>
        <translation>Токен, той самий key у лапках, key з %1 символів і порожній key: що сервіс приймає і чи це один key — &quot;k&quot; і k</translation>
    </message>
    <message>
        <source>The body without an Idempotency-Key</source>
        <translation>Тіло без Idempotency-Key</translation>
    </message>
    <message>
        <source>The body twice with one key: the same status and body bytes, Location and Content-Type kept</source>
        <translation>Тіло двічі з одним key: той самий статус і ті самі байти тіла, Location і Content-Type збережено</translation>
    </message>
    <message>
        <source>The key again with a changed significant field: refused</source>
        <translation>Той самий key зі зміненим значущим полем: відмова</translation>
    </message>
    <message>
        <source>The key again with a changed display-only field: still a replay</source>
        <translation>Той самий key зі зміненим полем лише для відображення: усе ще replay</translation>
    </message>
    <message>
        <source>%1 requests with one key at once: one execution, never a 5xx</source>
        <translation>%1 запитів з одним key одночасно: одне виконання, ніколи не 5xx</translation>
    </message>
    <message>
        <source>The slow body, and the same again 50 ms later while the first still runs</source>
        <translation>Повільне тіло і воно ж через 50 мс, поки перше ще виконується</translation>
    </message>
    <message>
        <source>A request sent whole and its connection closed without reading a byte, then retries with the same key: the first&apos;s result, one execution</source>
        <translation>Запит надіслано повністю, з’єднання закрито, не прочитавши жодного байта, потім retry з тим самим key: результат першого, одне виконання</translation>
    </message>
    <message>
        <source>The same key from another user: neither reads nor blocks the first&apos;s result</source>
        <translation>Той самий key від іншого користувача: не читає і не блокує результат першого</translation>
    </message>
    <message>
        <source>A body that is not JSON, then the fixed body with the same key</source>
        <translation>Тіло, яке не JSON, потім виправлене тіло з тим самим key</translation>
    </message>
    <message>
        <source>Needs a significant field (one that decides the effect).</source>
        <translation>Потрібне значуще поле (те, що визначає ефект).</translation>
    </message>
    <message>
        <source>Needs a display-only field (one that does not decide the effect).</source>
        <translation>Потрібне поле лише для відображення (те, що не визначає ефект).</translation>
    </message>
    <message>
        <source>Needs a slow body (one the service takes a while to handle).</source>
        <translation>Потрібне повільне тіло (те, яке сервіс обробляє довго).</translation>
    </message>
    <message>
        <source>Needs another user&apos;s Authorization.</source>
        <translation>Потрібен Authorization іншого користувача.</translation>
    </message>
    <message>
        <source>Cannot run with these fields.</source>
        <translation>Не може виконатися з цими полями.</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>pass</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>fail</translation>
    </message>
    <message>
        <source>unobservable</source>
        <translation>unobservable</translation>
    </message>
    <message>
        <source>not applicable</source>
        <translation>not applicable</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>отримано відповідь</translation>
    </message>
    <message>
        <source>closed before reading the answer</source>
        <translation>закрито до читання відповіді</translation>
    </message>
    <message>
        <source>the server closed the connection without an answer</source>
        <translation>сервер закрив з’єднання без відповіді</translation>
    </message>
    <message>
        <source>no answer before the deadline</source>
        <translation>немає відповіді до терміну</translation>
    </message>
    <message>
        <source>no connection could be made</source>
        <translation>з’єднання не встановлено</translation>
    </message>
    <message>
        <source>the TLS handshake failed</source>
        <translation>рукостискання TLS не вдалося</translation>
    </message>
    <message>
        <source>the answer is not HTTP</source>
        <translation>відповідь — не HTTP</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>скасовано</translation>
    </message>
</context>
<context>
    <name>iw::ProbeDialog</name>
    <message>
        <source>Probe a Service — Idempotency Workbench</source>
        <translation>Перевірка сервісу — Idempotency Workbench</translation>
    </message>
    <message>
        <source>Sends the six-step route&apos;s checks to your endpoint from outside and compares what it answers with every profile. Every request may create a real effect: probe a test instance.</source>
        <translation>Надсилає перевірки шестикрокового маршруту на ваш endpoint ззовні і порівнює відповіді з кожним профілем. Кожен запит може створити справжній ефект: перевіряйте тестовий екземпляр.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>&amp;Метод:</translation>
    </message>
    <message>
        <source>&amp;Headers:</source>
        <translation>&amp;Заголовки:</translation>
    </message>
    <message>
        <source>&amp;Authorization:</source>
        <translation>&amp;Authorization:</translation>
    </message>
    <message>
        <source>Another &amp;user&apos;s Authorization:</source>
        <translation>Authorization іншого &amp;користувача:</translation>
    </message>
    <message>
        <source>&amp;Body (JSON):</source>
        <translation>&amp;Тіло (JSON):</translation>
    </message>
    <message>
        <source>&amp;Significant fields:</source>
        <translation>З&amp;начущі поля:</translation>
    </message>
    <message>
        <source>&amp;Display-only fields:</source>
        <translation>Поля лише для &amp;відображення:</translation>
    </message>
    <message>
        <source>&amp;Result id:</source>
        <translation>&amp;Result id:</translation>
    </message>
    <message>
        <source>S&amp;low body (JSON):</source>
        <translation>Пові&amp;льне тіло (JSON):</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>&amp;Паралельно:</translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation>&amp;Термін:</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>П&amp;рофіль:</translation>
    </message>
    <message>
        <source>&amp;Checks:</source>
        <translation>Пере&amp;вірки:</translation>
    </message>
    <message>
        <source>The endpoint that creates the effect, http:// or https://</source>
        <translation>Endpoint, який створює ефект, http:// або https://</translation>
    </message>
    <message>
        <source>One &quot;Name: value&quot; per line, sent with every request</source>
        <translation>По одному &quot;Name: value&quot; у рядку, надсилаються з кожним запитом</translation>
    </message>
    <message>
        <source>Name: value, one per line</source>
        <translation>Name: value, по одному в рядку</translation>
    </message>
    <message>
        <source>Sent as the Authorization header; never shown in the window, the reports or the scenario</source>
        <translation>Надсилається в заголовку Authorization; ніколи не показується у вікні, звітах і сценарії</translation>
    </message>
    <message>
        <source>Another user&apos;s credential: other_actor checks that the same key from them neither reads nor blocks the first user&apos;s result</source>
        <translation>Облікові дані іншого користувача: other_actor перевіряє, що той самий key від нього не читає і не блокує результат першого</translation>
    </message>
    <message>
        <source>JSON Pointers, such as /amount</source>
        <translation>JSON Pointer, наприклад /amount</translation>
    </message>
    <message>
        <source>Fields that decide the effect: changing one under a used key must be refused</source>
        <translation>Поля, які визначають ефект: зміну під використаним key має бути відхилено</translation>
    </message>
    <message>
        <source>JSON Pointers, such as /note</source>
        <translation>JSON Pointer, наприклад /note</translation>
    </message>
    <message>
        <source>Fields that do not decide the effect: changing one is still a replay</source>
        <translation>Поля, які не визначають ефект: після зміни це все ще replay</translation>
    </message>
    <message>
        <source>a JSON Pointer, such as /id</source>
        <translation>JSON Pointer, наприклад /id</translation>
    </message>
    <message>
        <source>Where a success&apos;s body carries the created effect&apos;s id: the same id in every success means one execution</source>
        <translation>Де тіло успішної відповіді несе id створеного ефекту: той самий id у кожному успіху означає одне виконання</translation>
    </message>
    <message>
        <source>A body the service takes a while to handle, for retry_while_running</source>
        <translation>Тіло, яке сервіс обробляє довго, для retry_while_running</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>The deadline of every request</source>
        <translation>Термін кожного запиту</translation>
    </message>
    <message>
        <source>auto (the nearest)</source>
        <translation>auto (найближчий)</translation>
    </message>
    <message>
        <source>The profile the verdicts are judged against; every profile is compared anyway</source>
        <translation>Профіль, за яким виносяться вердикти; порівнюються однаково всі профілі</translation>
    </message>
    <message>
        <source>&amp;Watch the service&apos;s idempotency table (PostgreSQL, read-only)</source>
        <translation>&amp;Стежити за таблицею ідемпотентності сервісу (PostgreSQL, лише читання)</translation>
    </message>
    <message>
        <source>Conninfo:</source>
        <translation>Conninfo:</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Таблиця:</translation>
    </message>
    <message>
        <source>Mapping:</source>
        <translation>Зіставлення:</translation>
    </message>
    <message>
        <source>seed, brandur, powertools or a mapping file</source>
        <translation>seed, brandur, powertools або файл зіставлення</translation>
    </message>
    <message>
        <source>Probe it anyway: every request may create a real effect there</source>
        <translation>Однаково перевірити: кожен запит може створити там справжній ефект</translation>
    </message>
    <message>
        <source>Plan: %1</source>
        <translation>План: %1</translation>
    </message>
    <message numerus="yes">
        <source>Plan: %n check(s), </source>
        <translation>
            <numerusform>План: %n перевірка, </numerusform>
            <numerusform>План: %n перевірки, </numerusform>
            <numerusform>План: %n перевірок, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at most %n request(s).</source>
        <translation>
            <numerusform>не більше %n запиту.</numerusform>
            <numerusform>не більше %n запитів.</numerusform>
            <numerusform>не більше %n запитів.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n check(s) cannot run with these fields.</source>
        <translation>
            <numerusform>%n перевірка не може виконатися з цими полями.</numerusform>
            <numerusform>%n перевірки не можуть виконатися з цими полями.</numerusform>
            <numerusform>%n перевірок не можуть виконатися з цими полями.</numerusform>
        </translation>
    </message>
    <message>
        <source>Method: an HTTP method in capitals (POST, PUT, PATCH…), not &quot;%1&quot;.</source>
        <translation>Метод: HTTP-метод великими літерами (POST, PUT, PATCH…), а не &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Headers, line %1: &quot;Name: value&quot; with a header name.</source>
        <translation>Заголовки, рядок %1: &quot;Name: value&quot; з іменем заголовка.</translation>
    </message>
    <message>
        <source>Headers, line %1: the probe sets %2 itself.</source>
        <translation>Заголовки, рядок %1: %2 перевірка задає сама.</translation>
    </message>
    <message>
        <source>%1 is not JSON (line %2, column %3): %4</source>
        <translation>%1 — не JSON (рядок %2, стовпець %3): %4</translation>
    </message>
    <message>
        <source>The body</source>
        <translation>Тіло</translation>
    </message>
    <message>
        <source>The slow body</source>
        <translation>Повільне тіло</translation>
    </message>
    <message>
        <source>Significant fields: %1: %2</source>
        <translation>Значущі поля: %1: %2</translation>
    </message>
    <message>
        <source>Display-only fields: %1: %2</source>
        <translation>Поля лише для відображення: %1: %2</translation>
    </message>
    <message>
        <source>%1 is both a significant and a display-only field.</source>
        <translation>%1 — водночас значуще поле і поле лише для відображення.</translation>
    </message>
    <message>
        <source>Result id: %1</source>
        <translation>Result id: %1</translation>
    </message>
    <message>
        <source>Checks: choose at least one.</source>
        <translation>Перевірки: виберіть хоча б одну.</translation>
    </message>
    <message>
        <source>The plan would send %1 requests, more than %2: lower the concurrency or choose fewer checks.</source>
        <translation>План надіслав би %1 запитів, більше ніж %2: зменште паралельність або виберіть менше перевірок.</translation>
    </message>
    <message>
        <source>URL: %1</source>
        <translation>URL: %1</translation>
    </message>
    <message>
        <source>URL: %1: the target cannot be reached.</source>
        <translation>URL: %1: ціль недоступна.</translation>
    </message>
    <message>
        <source>%1 is not a loopback or private address (%2): every request may create a real effect there. Tick the box above to probe it anyway.</source>
        <translation>%1 — не loopback і не приватна адреса (%2): кожен запит може створити там справжній ефект. Позначте прапорець вище, щоб однаково перевірити.</translation>
    </message>
    <message>
        <source>&amp;Probe</source>
        <translation>&amp;Перевірити</translation>
    </message>
    <message>
        <source>host=… dbname=… user=… (empty: the PG* variables)</source>
        <translation>host=… dbname=… user=… (порожньо: змінні PG*)</translation>
    </message>
    <message>
        <source>the host &quot;%1&quot; did not resolve within 15 s</source>
        <translation>ім’я &quot;%1&quot; не розв’язалося за 15 с</translation>
    </message>
</context>
<context>
    <name>iw::ProbeLauncher</name>
    <message>
        <source>Probe a &amp;Service…</source>
        <translation>Перевірити &amp;сервіс…</translation>
    </message>
    <message>
        <source>Run the six-step route&apos;s checks against your own HTTP endpoint and read which profile it behaves like</source>
        <translation>Виконати перевірки шестикрокового маршруту на вашому HTTP endpoint і дізнатися, на який профіль він схожий</translation>
    </message>
</context>
<context>
    <name>iw::ProbeWindow</name>
    <message>
        <source>Cannot watch the table: %1</source>
        <translation>Не вдається стежити за таблицею: %1</translation>
    </message>
    <message>
        <source>%1: the target cannot be reached.</source>
        <translation>%1: ціль недоступна.</translation>
    </message>
    <message>
        <source>(empty key)</source>
        <translation>(порожній key)</translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation>(без key)</translation>
    </message>
    <message>
        <source>Select an answer on the timeline to see the exchange whole.</source>
        <translation>Виберіть відповідь на часовій шкалі, щоб побачити обмін повністю.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Sent at %1 ms; %2 at %3 ms.</source>
        <translation>Надіслано на %1 мс; %2 на %3 мс.</translation>
    </message>
    <message>
        <source>User: %1</source>
        <translation>Користувач: %1</translation>
    </message>
    <message>
        <source>No answer: %1.</source>
        <translation>Немає відповіді: %1.</translation>
    </message>
    <message>
        <source>The watched table&apos;s row of this key:</source>
        <translation>Рядок цього key у відстежуваній таблиці:</translation>
    </message>
    <message>
        <source>  at %1 ms: %2</source>
        <translation>  на %1 мс: %2</translation>
    </message>
    <message>
        <source>status %1</source>
        <translation>статус %1</translation>
    </message>
    <message>
        <source>result id %1</source>
        <translation>result id %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;The card is drawn when the probe ends.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Картка з’явиться, коли перевірка закінчиться.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Verdicts against &lt;b&gt;%1&lt;/b&gt; (chosen).</source>
        <translation>Вердикти за профілем &lt;b&gt;%1&lt;/b&gt; (вибрано).</translation>
    </message>
    <message>
        <source>Verdicts against &lt;b&gt;%1&lt;/b&gt; (the nearest profile).</source>
        <translation>Вердикти за профілем &lt;b&gt;%1&lt;/b&gt; (найближчий).</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Перевірка</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Вердикт</translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation>Поведінка</translation>
    </message>
    <message>
        <source>Profiles</source>
        <translation>Профілі</translation>
    </message>
    <message>
        <source>Matches: %1.</source>
        <translation>Збігається з: %1.</translation>
    </message>
    <message>
        <source>Matches no profile. Nearest: &lt;b&gt;%1&lt;/b&gt;; its differences:</source>
        <translation>Не збігається з жодним профілем. Найближчий: &lt;b&gt;%1&lt;/b&gt;; відмінності:</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Примітки</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>виконується…</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n request(s)</source>
        <translation>
            <numerusform>Скасовано після %n запиту</numerusform>
            <numerusform>Скасовано після %n запитів</numerusform>
            <numerusform>Скасовано після %n запитів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished: %n request(s)</source>
        <translation>
            <numerusform>Готово: %n запит</numerusform>
            <numerusform>Готово: %n запити</numerusform>
            <numerusform>Готово: %n запитів</numerusform>
        </translation>
    </message>
    <message>
        <source> in %1 s.</source>
        <translation> за %1 с.</translation>
    </message>
    <message>
        <source>Cancelling: the request in flight ends within 200 ms…</source>
        <translation>Скасування: поточний запит завершиться в межах 200 мс…</translation>
    </message>
    <message>
        <source>%1 of at most %2 requests sent</source>
        <translation>Надіслано %1 з не більше %2 запитів</translation>
    </message>
    <message>
        <source>; running %1.</source>
        <translation>; виконується %1.</translation>
    </message>
    <message numerus="yes">
        <source>Plan: %n request(s) at most.</source>
        <translation>
            <numerusform>План: не більше %n запиту.</numerusform>
            <numerusform>План: не більше %n запитів.</numerusform>
            <numerusform>План: не більше %n запитів.</numerusform>
        </translation>
    </message>
    <message>
        <source>Probe of %1 — Idempotency Workbench</source>
        <translation>Перевірка %1 — Idempotency Workbench</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>not a loopback or private address: probed as you confirmed</source>
        <translation>не loopback і не приватна адреса: перевіряється, як ви підтвердили</translation>
    </message>
    <message>
        <source>watching table %1</source>
        <translation>стеження за таблицею %1</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Скасувати</translation>
    </message>
    <message>
        <source>Stop the probe after the request in flight (Esc)</source>
        <translation>Зупинити перевірку після поточного запиту (Esc)</translation>
    </message>
    <message>
        <source>Save as &amp;scenario…</source>
        <translation>Зберегти як &amp;сценарій…</translation>
    </message>
    <message>
        <source>Write the probe&apos;s traffic as a scenario, to replay it under any profile</source>
        <translation>Записати трафік перевірки як сценарій, щоб відтворити його під будь-яким профілем</translation>
    </message>
    <message>
        <source>Save &amp;report…</source>
        <translation>Зберегти &amp;звіт…</translation>
    </message>
    <message>
        <source>Write the probe@1 JSON report, or Markdown for a .md file (Ctrl+S)</source>
        <translation>Записати звіт probe@1 у JSON або в Markdown для файлу .md (Ctrl+S)</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Запити</translation>
    </message>
    <message>
        <source>What it sends and expects</source>
        <translation>Що надсилає і чого чекає</translation>
    </message>
    <message>
        <source>&lt;b&gt;Contract card&lt;/b&gt;</source>
        <translation>&lt;b&gt;Картка контракту&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Exchange&lt;/b&gt; (Authorization masked)</source>
        <translation>&lt;b&gt;Обмін&lt;/b&gt; (Authorization приховано)</translation>
    </message>
    <message>
        <source>The exchanges appear here as they happen, one lane per key.</source>
        <translation>Обміни з’являються тут під час виконання, по доріжці на key.</translation>
    </message>
    <message>
        <source>The probe has not finished.</source>
        <translation>Перевірка ще не закінчилася.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не вдається записати %1: %2</translation>
    </message>
    <message>
        <source>Save the probe&apos;s report</source>
        <translation>Зберегти звіт перевірки</translation>
    </message>
    <message>
        <source>probe@1 JSON (*.json);;Markdown (*.md)</source>
        <translation>probe@1 JSON (*.json);;Markdown (*.md)</translation>
    </message>
    <message>
        <source>Saved the report to %1.</source>
        <translation>Звіт збережено в %1.</translation>
    </message>
    <message>
        <source>Save the probe&apos;s traffic as a scenario</source>
        <translation>Зберегти трафік перевірки як сценарій</translation>
    </message>
    <message>
        <source>Scenario (*.json)</source>
        <translation>Сценарій (*.json)</translation>
    </message>
    <message>
        <source>Saved the scenario to %1.</source>
        <translation>Сценарій збережено в %1.</translation>
    </message>
    <message>
        <source>expected: %1</source>
        <translation>очікувалося: %1</translation>
    </message>
    <message>
        <source>observed: %1</source>
        <translation>спостерігалося: %1</translation>
    </message>
    <message>
        <source>its state column: %1</source>
        <translation>стовпець стану: %1</translation>
    </message>
</context>
</TS>
