<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>iw</name>
    <message>
        <source>no intent runs its effect more than once</source>
        <translation>жоден намір не виконує свій ефект більше ніж один раз</translation>
    </message>
    <message>
        <source>no record is left in_progress when the run ends</source>
        <translation>на кінець прогону жоден запис не залишається в стані in_progress</translation>
    </message>
    <message>
        <source>every replay answers what the first execution answered</source>
        <translation>кожен replay відповідає те саме, що відповіло перше виконання</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1&#xa0;мс</translation>
    </message>
    <message>
        <source> or </source>
        <translation> або </translation>
    </message>
    <message>
        <source>request entry %1</source>
        <translation>елемент %1 списку requests</translation>
    </message>
    <message>
        <source>request entry %1 (%2, key %3)</source>
        <translation>елемент %1 списку requests (%2, key %3)</translation>
    </message>
    <message>
        <source>request entry %1 (%2)</source>
        <translation>елемент %1 списку requests (%2)</translation>
    </message>
    <message>
        <source>%1 on attempt %2 of %3</source>
        <translation>%1, спроба %2, %3</translation>
    </message>
    <message>
        <source> (%1 later)</source>
        <translation> (через %1)</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1&#xa0;с</translation>
    </message>
</context>
<context>
    <name>iw::CountersView</name>
    <message>
        <source>intents</source>
        <translation>наміри</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>запити</translation>
    </message>
    <message>
        <source>effects</source>
        <translation>ефекти</translation>
    </message>
    <message>
        <source>duplicate effects</source>
        <translation>дублікати ефектів</translation>
    </message>
    <message>
        <source>replays</source>
        <translation>replay</translation>
    </message>
    <message>
        <source>conflicts</source>
        <translation>конфлікти</translation>
    </message>
    <message>
        <source>mismatches</source>
        <translation>невідповідності</translation>
    </message>
    <message>
        <source>Logical operations the clients started (a retry or a double-submit belongs to the same intent)</source>
        <translation>Логічні операції, розпочаті клієнтами (retry або подвійне надсилання належать до того самого наміру)</translation>
    </message>
    <message>
        <source>Requests the service decided (attempts that never arrived or are still running are not counted)</source>
        <translation>Запити, щодо яких сервіс ухвалив рішення (спроби, що не дійшли або ще виконуються, не враховуються)</translation>
    </message>
    <message>
        <source>Times the business action ran (rows created in demo_request)</source>
        <translation>Скільки разів виконалася бізнес-дія (рядки, створені в demo_request)</translation>
    </message>
    <message>
        <source>Effects beyond the first of each intent: the harm idempotency keys exist to prevent</source>
        <translation>Ефекти понад перший для кожного наміру: саме цій шкоді й мають запобігати ключі ідемпотентності</translation>
    </message>
    <message>
        <source>Requests answered from a completed record without running the handler</source>
        <translation>Запити, на які відповіли із запису в стані completed, не запускаючи обробника</translation>
    </message>
    <message>
        <source>Requests refused because the scope was busy or blocked: conflict_in_progress and expired_rejected</source>
        <translation>Запити, відхилені через те, що scope був зайнятий або заблокований: conflict_in_progress і expired_rejected</translation>
    </message>
    <message>
        <source>Requests whose payload fingerprint differed from the stored one: payload_mismatch</source>
        <translation>Запити, у яких fingerprint навантаження відрізнявся від збереженого: payload_mismatch</translation>
    </message>
    <message>
        <source>Duplicate effects per hop of the route: where along the chain each was born</source>
        <translation>Дублікати ефектів за ланками маршруту: де в ланцюжку виник кожен із них</translation>
    </message>
    <message>
        <source>Served requests only: effects beyond the first of a suspected intent — requests of one actor and operation with the same payload under other keys or none, within the intent window. Suspected, not proven: a person may order twice on purpose</source>
        <translation>Лише обслуговувані запити: ефекти понад перший у підозрюваному намірі — запити одного суб’єкта й операції з тим самим навантаженням під іншими key або без key у межах вікна наміру. Підозра, а не доказ: людина може замовити двічі навмисно</translation>
    </message>
    <message>
        <source>suspected: %1</source>
        <translation>підозрюваних: %1</translation>
    </message>
</context>
<context>
    <name>iw::EvidenceLink</name>
    <message>
        <source>Open &amp;Evidence…</source>
        <translation>Відкрити &amp;свідчення…</translation>
    </message>
    <message>
        <source>The incident as a scenario: Play replays it; File → Save keeps it.</source>
        <translation>Інцидент як сценарій: «Пуск» відтворює його; Файл → Зберегти зберігає.</translation>
    </message>
    <message>
        <source>Rebuild an incident from its access logs, traces and HAR files: on the timeline, judged against a profile, replayable as a scenario (Ctrl+Shift+O)</source>
        <translation>Відновити інцидент за журналами доступу, трасуваннями й файлами HAR: на часовій шкалі, з перевіркою за профілем, із відтворенням як сценарій (Ctrl+Shift+O)</translation>
    </message>
</context>
<context>
    <name>iw::ExploreDialog</name>
    <message>
        <source>Explore — Idempotency Workbench</source>
        <translation>Дослідження&#xa0;— Idempotency Workbench</translation>
    </message>
    <message>
        <source>Runs the scenario under every combination of faults and latencies its explore block allows, within the bounds below, and looks for a run that breaks its property. The fewest faults are tried first, so a counterexample is the shortest.</source>
        <translation>Запускає сценарій за всіх поєднань збоїв і затримок, які допускає його блок explore, у заданих нижче межах і шукає прогін, що порушує його властивість. Спершу перебираються варіанти з найменшою кількістю збоїв, тому знайдений контрприклад&#xa0;— найкоротший.</translation>
    </message>
    <message>
        <source>Bounds</source>
        <translation>Межі</translation>
    </message>
    <message>
        <source>At most this many faults in one run. Each one more multiplies the runs to try.</source>
        <translation>Найбільша кількість збоїв в одному прогоні. Кожен додатковий збій у рази збільшує кількість прогонів для перевірки.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>без обмеження</translation>
    </message>
    <message>
        <source>Stop after this long with the verdict inconclusive (0: no limit)</source>
        <translation>Зупинитися через стільки часу з вердиктом «не встановлено» (0&#xa0;— без обмеження)</translation>
    </message>
    <message>
        <source>Search on this many threads; the verdict and the counterexample are the same on any number</source>
        <translation>Кількість потоків для пошуку; вердикт і контрприклад від неї не залежать</translation>
    </message>
    <message>
        <source>Max &amp;faults per run:</source>
        <translation>Макс. &amp;збоїв за прогін:</translation>
    </message>
    <message>
        <source>&amp;Time limit:</source>
        <translation>Обмеження &amp;часу:</translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation>Пот&amp;оки:</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Пошук</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>не розпочато</translation>
    </message>
    <message>
        <source>Simulations run from t = 0 with some choices pinned</source>
        <translation>Симуляції з t = 0, у яких частину варіантів зафіксовано</translation>
    </message>
    <message>
        <source>Different states reached; a run that meets a state already reached at no higher cost is cut short</source>
        <translation>Кількість різних досягнутих станів; прогін, що приходить у стан, уже досягнутий не більшою ціною, переривається</translation>
    </message>
    <message>
        <source>The search tries every run with 0 faults, then every run with 1, and so on</source>
        <translation>Пошук перебирає всі прогони з 0 збоїв, потім усі прогони з 1 збоєм і так далі</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>Прогони:</translation>
    </message>
    <message>
        <source>Distinct states:</source>
        <translation>Різних станів:</translation>
    </message>
    <message>
        <source>Fault level:</source>
        <translation>Рівень збоїв:</translation>
    </message>
    <message>
        <source>Rate:</source>
        <translation>Швидкість:</translation>
    </message>
    <message>
        <source>Elapsed:</source>
        <translation>Минуло:</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Вердикт</translation>
    </message>
    <message>
        <source>No search yet: set the bounds and press Start.</source>
        <translation>Пошуку ще не було: задайте межі й натисніть «Запустити».</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>Зап&amp;устити</translation>
    </message>
    <message>
        <source>Explore the scenario the main window holds now, within these bounds</source>
        <translation>Дослідити сценарій, відкритий зараз у головному вікні, у цих межах</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Скасувати</translation>
    </message>
    <message>
        <source>Stop the search; the figures so far stay, and nothing is proven</source>
        <translation>Зупинити пошук; отримані цифри залишаються, але нічого не доведено</translation>
    </message>
    <message>
        <source>&amp;Open counterexample</source>
        <translation>&amp;Відкрити контрприклад</translation>
    </message>
    <message>
        <source>Load the counterexample into the main window and play it as a lesson: one step per fault and per decision</source>
        <translation>Завантажити контрприклад у головне вікно й пройти його як урок: по кроку на кожен збій і кожне рішення</translation>
    </message>
    <message>
        <source>Sa&amp;ve counterexample…</source>
        <translation>З&amp;берегти контрприклад…</translation>
    </message>
    <message>
        <source>Write the counterexample as a scenario file: run --check replays it exactly</source>
        <translation>Записати контрприклад у файл сценарію: run --check відтворює його точно</translation>
    </message>
    <message>
        <source>Close the dialog; a running search is cancelled</source>
        <translation>Закрити вікно; поточний пошук буде скасовано</translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation>Сценарій: %1</translation>
    </message>
    <message>
        <source>Scenario: %1 — %2</source>
        <translation>Сценарій: %1&#xa0;— %2</translation>
    </message>
    <message>
        <source>This scenario has no explore block: nothing may vary, so the search is a single run of the scenario as written, checked for %1 (%2). Add an &quot;explore&quot; block to the scenario file to let faults and latencies vary.</source>
        <translation>У цьому сценарії немає блоку explore: змінюватися нічому, тому пошук&#xa0;— це один прогін сценарію в записаному вигляді з перевіркою властивості %1 (%2). Додайте до файлу сценарію блок &quot;explore&quot;, щоб збої та затримки могли змінюватися.</translation>
    </message>
    <message>
        <source>No fault may strike: the scenario has no explore block</source>
        <translation>Збоїв бути не може: у сценарії немає блоку explore</translation>
    </message>
    <message>
        <source>no fault</source>
        <translation>без збоїв</translation>
    </message>
    <message>
        <source>faults %1 on any attempt, at most %2 per run</source>
        <translation>збої %1 на будь-якій спробі, не більше ніж %2 за прогін</translation>
    </message>
    <message>
        <source>network delay %1</source>
        <translation>мережева затримка %1</translation>
    </message>
    <message>
        <source>handler time %1</source>
        <translation>час обробника %1</translation>
    </message>
    <message>
        <source>late retry after %1</source>
        <translation>пізній retry через %1</translation>
    </message>
    <message>
        <source>Its explore block allows %1; the property is %2 (%3).</source>
        <translation>Його блок explore допускає: %1; властивість&#xa0;— %2 (%3).</translation>
    </message>
    <message>
        <source>No fault may strike: the explore block lists none</source>
        <translation>Збоїв бути не може: у блоці explore їх не перелічено</translation>
    </message>
    <message>
        <source>Searching %1…</source>
        <translation>Триває пошук: %1…</translation>
    </message>
    <message>
        <source>Cancel stops the search; the figures so far stay.</source>
        <translation>Кнопка «Скасувати» зупиняє пошук; отримані цифри залишаються.</translation>
    </message>
    <message>
        <source>The search ran out of memory: lower the max faults or the explore block&apos;s choices.</source>
        <translation>Пошукові забракло пам’яті: зменште максимум збоїв або кількість варіантів у блоці explore.</translation>
    </message>
    <message>
        <source>A run is too large to explore: %1</source>
        <translation>Прогін завеликий для дослідження: %1</translation>
    </message>
    <message>
        <source>This scenario cannot be explored: %1</source>
        <translation>Цей сценарій неможливо дослідити: %1</translation>
    </message>
    <message>
        <source>Cancelling: the figures so far stay…</source>
        <translation>Скасування: отримані цифри залишаються…</translation>
    </message>
    <message>
        <source>trying %1 (at most %2)</source>
        <translation>перевіряється: %1 (не більше ніж %2)</translation>
    </message>
    <message>
        <source>%1 states/s</source>
        <translation>%1 стан./с</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>помилка</translation>
    </message>
    <message>
        <source>No verdict</source>
        <translation>Вердикту немає</translation>
    </message>
    <message>
        <source>%1 of %2 fault levels searched</source>
        <translation>Пройдено рівнів збоїв: %1 з %2</translation>
    </message>
    <message>
        <source>all searched, 0 to %1</source>
        <translation>усе перевірено: від 0 до %1</translation>
    </message>
    <message>
        <source>stopped at %1, the fewest that break it</source>
        <translation>зупинено на %1&#xa0;— це найменша кількість, за якої властивість порушується</translation>
    </message>
    <message>
        <source>%1 of %2 levels done; stopped trying %3</source>
        <translation>пройдено рівнів: %1 з %2; зупинено під час перевірки: %3</translation>
    </message>
    <message>
        <source>Holds — %1</source>
        <translation>Не порушується&#xa0;— %1</translation>
    </message>
    <message>
        <source>No run with at most %1 breaks %2 (%3): all %4 within the bounds were tried. More faults than that were not tried.</source>
        <translation>Жоден прогін у межах (збоїв не більше: %1) не порушує %2 (%3): перевірено всі&#xa0;— %4. Прогони з більшою кількістю збоїв не перевірялися.</translation>
    </message>
    <message>
        <source>Violated — %1</source>
        <translation>Порушено&#xa0;— %1</translation>
    </message>
    <message>
        <source>The shortest counterexample needs no fault at all (%1): the scenario as written breaks it.</source>
        <translation>Найкоротшому контрприкладу збої взагалі не потрібні (%1): властивість порушує сам сценарій у записаному вигляді.</translation>
    </message>
    <message>
        <source>The shortest counterexample: %1, %2 — %3.</source>
        <translation>Найкоротший контрприклад: %1, %2&#xa0;— %3.</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <source>%1 (%2) is broken.
%3
What went wrong: %4.

Open counterexample plays it in the main window as a lesson, one step per fault and decision.</source>
        <translation>Властивість %1 (%2) порушено.
%3
Що пішло не так: %4.

Кнопка «Відкрити контрприклад» відтворює його в головному вікні як урок: по кроку на кожен збій і рішення.</translation>
    </message>
    <message>
        <source>Inconclusive — %1</source>
        <translation>Не встановлено&#xa0;— %1</translation>
    </message>
    <message>
        <source>You cancelled the search before it was done</source>
        <translation>Пошук скасовано до завершення</translation>
    </message>
    <message>
        <source>The time limit of %1 ran out before the search was done</source>
        <translation>Обмеження часу (%1) вичерпано до завершення пошуку</translation>
    </message>
    <message>
        <source>The memory bound of %1 MiB was reached before the search was done</source>
        <translation>Межу пам’яті в %1&#xa0;МіБ досягнуто до завершення пошуку</translation>
    </message>
    <message>
        <source>The search stopped (%1) before it was done</source>
        <translation>Пошук зупинено (%1) до завершення</translation>
    </message>
    <message>
        <source>Every run with at most %1 was tried and none breaks %2; runs with more were not all tried.</source>
        <translation>Перевірено всі прогони, де збоїв не більше: %1, і жоден не порушує %2; прогони з більшою кількістю збоїв перевірено не всі.</translation>
    </message>
    <message>
        <source>Not even the runs without a fault were all tried.</source>
        <translation>Не перевірено навіть усіх прогонів без збоїв.</translation>
    </message>
    <message>
        <source>%1, so nothing is proven about %2 (%3). %4 Raise the time limit or lower the max faults to finish.</source>
        <translation>%1, тому щодо властивості %2 (%3) нічого не доведено. %4 Щоб завершити пошук, збільште обмеження часу або зменште максимум збоїв.</translation>
    </message>
    <message>
        <source>Save counterexample</source>
        <translation>Зберегти контрприклад</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Сценарії (*.json)</translation>
    </message>
    <message>
        <source>Saved the counterexample to %1.</source>
        <translation>Контрприклад збережено в %1.</translation>
    </message>
    <message>
        <source>There is no counterexample to save.</source>
        <translation>Немає контрприкладу для збереження.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не вдалося записати %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln fault(s)</source>
        <translation>
            <numerusform>%Ln збій</numerusform>
            <numerusform>%Ln збої</numerusform>
            <numerusform>%Ln збоїв</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln прогін</numerusform>
            <numerusform>%Ln прогони</numerusform>
            <numerusform>%Ln прогонів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s)</source>
        <translation>
            <numerusform>%Ln подія</numerusform>
            <numerusform>%Ln події</numerusform>
            <numerusform>%Ln подій</numerusform>
        </translation>
    </message>
    <message>
        <source>done: broken at level %1 of %2</source>
        <translation>Готово: порушено на рівні %1 з %2</translation>
    </message>
    <message>
        <source>done: %1 of %2 fault levels searched</source>
        <translation>Готово: пройдено рівнів збоїв: %1 з %2</translation>
    </message>
</context>
<context>
    <name>iw::HowToRead</name>
    <message>
        <source>&amp;How to read this window</source>
        <translation>&amp;Як читати це вікно</translation>
    </message>
    <message>
        <source>What each panel shows and what the colours mean (F1)</source>
        <translation>Що показує кожна панель і що означають кольори (F1)</translation>
    </message>
    <message>
        <source>&amp;About Idempotency Workbench</source>
        <translation>&amp;Про програму Idempotency Workbench</translation>
    </message>
    <message>
        <source>Version and purpose of the workbench</source>
        <translation>Версія та призначення програми</translation>
    </message>
    <message>
        <source>About Idempotency Workbench</source>
        <translation>Про програму Idempotency Workbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Idempotency Workbench %1&lt;/h3&gt;&lt;p&gt;See how an idempotency key lives and dies: fire parallel, delayed and failing requests at a simulated service, watch records move through in_progress, completed and expired, and inspect every fingerprint, TTL and conflict decision.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Idempotency Workbench %1&lt;/h3&gt;&lt;p&gt;Подивіться, як живе й помирає ключ ідемпотентності: надсилайте паралельні, відкладені запити й запити зі збоями до змодельованого сервісу, стежте, як записи проходять через in_progress, completed і expired, і вивчайте кожен fingerprint, TTL і кожне рішення щодо конфлікту.&lt;/p&gt;&lt;p&gt;Зібрано з Qt %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>How to read this window</source>
        <translation>Як читати це вікно</translation>
    </message>
    <message>
        <source>in_progress</source>
        <translation>in_progress</translation>
    </message>
    <message>
        <source>claimed; the handler is running</source>
        <translation>захоплено; обробник виконується</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completed</translation>
    </message>
    <message>
        <source>a stored response to replay</source>
        <translation>збережена відповідь для replay</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>expired</translation>
    </message>
    <message>
        <source>past its TTL: protects nothing any more</source>
        <translation>TTL сплив: більше нічого не захищає</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>завислий</translation>
    </message>
    <message>
        <source>%1: nobody is looking after it any more, so only a lease takeover or an operator can finish it. A crashed owner alone is not stuck: while its lease runs the record is in progress, waiting.</source>
        <translation>%1: за записом більше ніхто не стежить, тож завершити його може лише перехоплення після закінчення оренди або оператор. Саме лише падіння власника ще не робить запис завислим: поки діє оренда, запис перебуває в стані in_progress і чекає.</translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation>tombstone</translation>
    </message>
    <message>
        <source>what a swept record leaves under after_expiry: tombstone</source>
        <translation>що залишається від видаленого очищенням запису, якщо after_expiry: tombstone</translation>
    </message>
    <message>
        <source>alarm</source>
        <translation>тривога</translation>
    </message>
    <message>
        <source>a duplicate effect: the business action ran twice for one intent</source>
        <translation>дублікат ефекту: бізнес-дію виконано двічі для одного наміру</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The panels&lt;/h3&gt;&lt;p&gt;&lt;b&gt;Scenario&lt;/b&gt; (left): pick a preset, or edit the service and client policies (each edit rewinds the run) and fire requests by hand. The payload editor checks your JSON as you type and shows the canonical form and fingerprint the service will compare.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Run&lt;/b&gt; (toolbar): Play advances virtual time at the chosen speed, Step runs exactly one event, Reset rewinds to t = 0. The clock in the status bar is virtual time.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Counters&lt;/b&gt; (top): intents, requests, effects and &lt;i&gt;duplicate effects&lt;/i&gt; — the number that must stay 0. It turns red when it is not.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Requests&lt;/b&gt; (bottom left): every attempt a client sent, with the service&apos;s decision. &lt;b&gt;Records&lt;/b&gt; (bottom right): what the store holds now, with the TTL counting down.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Inspector&lt;/b&gt; (right): click any row to see why the service answered what it answered: the rule path, the explanation, the fingerprints and, on a mismatch, the differing fields.&lt;/p&gt;&lt;p&gt;Selecting something anywhere selects it everywhere; Esc clears the selection. Panels can be moved and closed; View → Reset layout brings them back.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Lessons&lt;/b&gt;: Run → Play as Lesson walks through a preset&apos;s story, pausing at each step with a caption over the timeline (Space next, Backspace previous, Esc leaves). F11 is presenter mode for a projector: only the timeline, the sequence and the caption, Ctrl+= and Ctrl+- size the type.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Explore&lt;/b&gt;: Run → Explore… tries every way the run can go within the scenario&apos;s explore block — which faults may strike any attempt, how many, which latencies — and says whether its property holds, or shows the shortest counterexample, which opens here as a lesson.&lt;/p&gt;&lt;h3&gt;Record states&lt;/h3&gt;%1&lt;h3&gt;Decisions&lt;/h3&gt;%2</source>
        <translation>&lt;h3&gt;Панелі&lt;/h3&gt;&lt;p&gt;&lt;b&gt;Сценарій&lt;/b&gt; (ліворуч): виберіть готовий сценарій або змініть політики сервісу й клієнта (кожна зміна перемотує прогін на початок) і надсилайте запити вручну. Редактор навантаження перевіряє JSON під час введення й показує канонічну форму та fingerprint, які порівнюватиме сервіс.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Запуск&lt;/b&gt; (панель інструментів): «Пуск» просуває віртуальний час із вибраною швидкістю, «Крок» виконує точно одну подію, «Скинути» перемотує до t = 0. Годинник у рядку стану показує віртуальний час.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Лічильники&lt;/b&gt; (угорі): наміри, запити, ефекти й &lt;i&gt;дублікати ефектів&lt;/i&gt;&#xa0;— число, яке має залишатися 0. Якщо це не так, воно стає червоним.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Запити&lt;/b&gt; (унизу ліворуч): кожна спроба, яку надіслав клієнт, із рішенням сервісу. &lt;b&gt;Записи&lt;/b&gt; (унизу праворуч): що зараз зберігає сховище, зі зворотним відліком TTL.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Інспектор&lt;/b&gt; (праворуч): клацніть будь-який рядок, щоб побачити, чому сервіс відповів саме так: ланцюжок правил, пояснення, fingerprint і, у разі невідповідності, поля, що відрізняються.&lt;/p&gt;&lt;p&gt;Виділене в одній панелі виділяється в усіх; Esc знімає виділення. Панелі можна переміщувати й закривати; Вигляд → Скинути розташування панелей повертає їх на місце.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Уроки&lt;/b&gt;: Запуск → Пройти як урок веде історією готового сценарію із зупинкою на кожному кроці та підписом над часовою шкалою (Пробіл&#xa0;— наступний крок, Backspace&#xa0;— попередній, Esc&#xa0;— вихід). F11 вмикає режим доповідача для проєктора: лише часова шкала, послідовність і підпис; Ctrl+= і Ctrl+- змінюють розмір шрифту.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Дослідження&lt;/b&gt;: Запуск → Дослідити… перебирає всі варіанти перебігу прогону в межах блоку explore сценарію&#xa0;— які збої можуть уразити будь-яку спробу, скільки їх, які затримки&#xa0;— і повідомляє, чи порушується його властивість, і якщо так, показує найкоротший контрприклад, який відкривається тут як урок.&lt;/p&gt;&lt;h3&gt;Стани записів&lt;/h3&gt;%1&lt;h3&gt;Рішення&lt;/h3&gt;%2</translation>
    </message>
</context>
<context>
    <name>iw::Inspector</name>
    <message>
        <source>TTL: never expires</source>
        <translation>TTL: не спливає ніколи</translation>
    </message>
    <message>
        <source>never (no expiry was written)</source>
        <translation>ніколи (строк не було записано)</translation>
    </message>
    <message>
        <source>Click a request or a record in a table (or on the timeline) to see why the service answered what it answered. Esc clears the selection.</source>
        <translation>Клацніть запит або запис у таблиці (або на часовій шкалі), щоб побачити, чому сервіс відповів саме так. Esc знімає виділення.</translation>
    </message>
    <message>
        <source>How much of the record&apos;s time to live is left now, in virtual time (empty: expired)</source>
        <translation>Скільки часу життя (TTL) запису залишилося зараз, у віртуальному часі (порожньо: термін сплив)</translation>
    </message>
    <message>
        <source>How much of the record&apos;s in-progress lease is left now; once it has passed, another request may take over</source>
        <translation>Скільки залишилося від оренди запису в стані in_progress; коли оренда закінчиться, запис може перехопити інший запит</translation>
    </message>
    <message>
        <source>not decided yet</source>
        <translation>рішення ще немає</translation>
    </message>
    <message>
        <source>Request %1 %2 %3</source>
        <translation>Запит %1 %2 %3</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>в %1</translation>
    </message>
    <message>
        <source>Record %1</source>
        <translation>Запис %1</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>Нічого не вибрано</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Рішення</translation>
    </message>
    <message>
        <source>decision</source>
        <translation>рішення</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source> &amp;nbsp;no response</source>
        <translation> &amp;nbsp;відповіді немає</translation>
    </message>
    <message>
        <source>decided at</source>
        <translation>рішення ухвалено</translation>
    </message>
    <message>
        <source>none: the request never reached the service (dropped on the way)</source>
        <translation>немає: запит не дійшов до сервісу (втрачено дорогою)</translation>
    </message>
    <message>
        <source>none yet: the request is still on its way or being handled</source>
        <translation>поки немає: запит ще в дорозі або обробляється</translation>
    </message>
    <message>
        <source>Rule path</source>
        <translation>Ланцюжок правил</translation>
    </message>
    <message>
        <source>Payload mismatch: stored versus this request</source>
        <translation>Невідповідність навантаження: збережене і в цьому запиті</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>збережено</translation>
    </message>
    <message>
        <source>this request</source>
        <translation>цей запит</translation>
    </message>
    <message>
        <source>The payload behind the stored fingerprint was not sent in this run, so only the fingerprints can be compared.</source>
        <translation>Навантаження, з якого обчислено збережений fingerprint, у цьому прогоні не надсилалося, тож порівняти можна лише самі fingerprint.</translation>
    </message>
    <message>
        <source>field</source>
        <translation>поле</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>відсутнє</translation>
    </message>
    <message>
        <source>(whole payload)</source>
        <translation>(усе навантаження)</translation>
    </message>
    <message numerus="yes">
        <source>%n significant field(s) differ; fields the fingerprint ignores are not listed.</source>
        <translation>
            <numerusform>%n значуще поле відрізняється; поля, які fingerprint не враховує, не показано.</numerusform>
            <numerusform>%n значущі поля відрізняються; поля, які fingerprint не враховує, не показано.</numerusform>
            <numerusform>%n значущих полів відрізняються; поля, які fingerprint не враховує, не показано.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot compare the payloads: %1</source>
        <translation>Не вдалося порівняти навантаження: %1</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Запит</translation>
    </message>
    <message>
        <source>intent</source>
        <translation>намір</translation>
    </message>
    <message>
        <source>client</source>
        <translation>клієнт</translation>
    </message>
    <message>
        <source>attempt</source>
        <translation>спроба</translation>
    </message>
    <message>
        <source>%1 (copy %2)</source>
        <translation>%1 (копія %2)</translation>
    </message>
    <message>
        <source>scope</source>
        <translation>scope</translation>
    </message>
    <message>
        <source>key</source>
        <translation>key</translation>
    </message>
    <message>
        <source>&lt;i&gt;none: the request carried no Idempotency-Key&lt;/i&gt;</source>
        <translation>&lt;i&gt;немає: запит надійшов без Idempotency-Key&lt;/i&gt;</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>надіслано</translation>
    </message>
    <message>
        <source>arrived</source>
        <translation>отримано</translation>
    </message>
    <message>
        <source>never</source>
        <translation>не дійшов</translation>
    </message>
    <message>
        <source>client saw</source>
        <translation>результат для клієнта</translation>
    </message>
    <message>
        <source>nothing yet</source>
        <translation>поки нічого</translation>
    </message>
    <message>
        <source>effect</source>
        <translation>ефект</translation>
    </message>
    <message>
        <source>%1 — duplicate effect</source>
        <translation>%1&#xa0;— дублікат ефекту</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Canonical payload (RFC 8785, the significant part only):</source>
        <translation>Канонічна форма навантаження (RFC 8785, лише значуща частина):</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Маршрут</translation>
    </message>
    <message>
        <source>hop</source>
        <translation>ланка</translation>
    </message>
    <message>
        <source>%1 (the first hop: clients call it)</source>
        <translation>%1 (перша ланка: її викликають клієнти)</translation>
    </message>
    <message>
        <source>%1 (hop %2 of %3)</source>
        <translation>%1 (ланка %2 з %3)</translation>
    </message>
    <message>
        <source>parent</source>
        <translation>батьківський запит</translation>
    </message>
    <message>
        <source>none: a client sent it</source>
        <translation>немає: його надіслав клієнт</translation>
    </message>
    <message>
        <source>Calls it made to %1</source>
        <translation>Звернення цього запиту до ланки %1</translation>
    </message>
    <message>
        <source>none: its handler never ran, or failed before calling</source>
        <translation>немає: обробник не запускався або завершився помилкою до виклику</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>поки немає</translation>
    </message>
    <message>
        <source>SQL run for this request</source>
        <translation>SQL, виконаний для цього запиту</translation>
    </message>
    <message>
        <source>Record of this scope now</source>
        <translation>Запис цього scope зараз</translation>
    </message>
    <message>
        <source>Record of this scope now, in %1&apos;s store</source>
        <translation>Запис цього scope зараз, у сховищі %1</translation>
    </message>
    <message>
        <source>The store cannot be read right now (a call is in flight or the database failed; the status bar says which).</source>
        <translation>Сховище зараз неможливо прочитати (триває виклик або стався збій бази даних; що саме&#xa0;— видно в рядку стану).</translation>
    </message>
    <message>
        <source>No record in the store: never claimed, deleted after an error, or swept after expiry.</source>
        <translation>У сховищі немає запису: його не захоплювали, видалили після помилки або прибрали очищенням після закінчення терміну.</translation>
    </message>
    <message>
        <source>state</source>
        <translation>стан</translation>
    </message>
    <message>
        <source>stuck: %1; only a takeover or an operator can finish it</source>
        <translation>завис: %1; завершити його може лише перехоплення або оператор</translation>
    </message>
    <message>
        <source>fingerprint</source>
        <translation>fingerprint</translation>
    </message>
    <message>
        <source>payload</source>
        <translation>навантаження</translation>
    </message>
    <message>
        <source>status</source>
        <translation>статус</translation>
    </message>
    <message>
        <source>stored body</source>
        <translation>збережене тіло відповіді</translation>
    </message>
    <message>
        <source>result</source>
        <translation>результат</translation>
    </message>
    <message>
        <source>none</source>
        <translation>немає</translation>
    </message>
    <message>
        <source>created</source>
        <translation>створено</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>завершено</translation>
    </message>
    <message>
        <source>expires</source>
        <translation>спливає</translation>
    </message>
    <message>
        <source>lease until</source>
        <translation>оренда до</translation>
    </message>
    <message>
        <source>no lease</source>
        <translation>без оренди</translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation>tombstone</translation>
    </message>
    <message>
        <source>until %1: blocks a new claim and names the earlier result %2</source>
        <translation>до %1: не дає виконати нове захоплення й указує на попередній результат %2</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(немає)</translation>
    </message>
    <message>
        <source>Events of this scope</source>
        <translation>Події цього scope</translation>
    </message>
    <message>
        <source>None yet.</source>
        <translation>Поки немає.</translation>
    </message>
    <message>
        <source>Showing the last %1 of %2 events.</source>
        <translation>Показано останні %1 подій (усього: %2).</translation>
    </message>
    <message>
        <source>(duplicate)</source>
        <translation>(дублікат)</translation>
    </message>
    <message>
        <source>The record of this scope now, at t = %1 (not at this request&apos;s instant):</source>
        <translation>Запис цього scope зараз, при t = %1 (а не в момент цього запиту):</translation>
    </message>
    <message>
        <source>This record now, at t = %1:</source>
        <translation>Цей запис зараз, при t = %1:</translation>
    </message>
    <message>
        <source>TTL: %1 left of %2</source>
        <translation>TTL: залишилося %1 з %2</translation>
    </message>
    <message>
        <source>TTL: expired %1 ago</source>
        <translation>TTL: сплив %1 тому</translation>
    </message>
    <message>
        <source>Lease: none</source>
        <translation>Оренда: немає</translation>
    </message>
    <message>
        <source>Lease: %1 left of %2</source>
        <translation>Оренда: залишилося %1 з %2</translation>
    </message>
    <message>
        <source>Lease: passed %1 ago — another request may take over</source>
        <translation>Оренда: закінчилася %1 тому&#xa0;— інший запит може перехопити запис</translation>
    </message>
</context>
<context>
    <name>iw::LessonCaption</name>
    <message>
        <source>▶ Playing to step %1 of %2 (t = %3)…</source>
        <translation>▶ Відтворення до кроку %1 з %2 (t = %3)…</translation>
    </message>
    <message>
        <source>Step %1 of %2 · t = %3</source>
        <translation>Крок %1 з %2 · t = %3</translation>
    </message>
    <message>
        <source>Space: there now · Backspace: back · Esc: leave</source>
        <translation>Пробіл: одразу туди · Backspace: назад · Esc: вийти</translation>
    </message>
    <message>
        <source>Last step · Backspace: back · Esc: leave</source>
        <translation>Останній крок · Backspace: назад · Esc: вийти</translation>
    </message>
    <message>
        <source>Space: next · Backspace: back · Esc: leave</source>
        <translation>Пробіл: далі · Backspace: назад · Esc: вийти</translation>
    </message>
    <message numerus="yes">
        <source>Lesson · %n step(s)</source>
        <translation>
            <numerusform>Урок · %n крок</numerusform>
            <numerusform>Урок · %n кроки</numerusform>
            <numerusform>Урок · %n кроків</numerusform>
        </translation>
    </message>
    <message>
        <source>Paused between steps</source>
        <translation>Пауза між кроками</translation>
    </message>
    <message>
        <source>The run was moved by hand. Space plays to the first step again.</source>
        <translation>Прогін зсунуто вручну. Пробіл знову запускає відтворення до першого кроку.</translation>
    </message>
    <message>
        <source>Space: first step · Esc: leave</source>
        <translation>Пробіл: перший крок · Esc: вийти</translation>
    </message>
</context>
<context>
    <name>iw::LessonMode</name>
    <message>
        <source>Play as &amp;Lesson</source>
        <translation>Пройти як &amp;урок</translation>
    </message>
    <message>
        <source>Walk through the scenario&apos;s lesson: the run plays to each step and pauses, the caption says what to look at and the step&apos;s request is selected everywhere. Space: next, Backspace: previous, Esc: leave (Ctrl+Shift+L)</source>
        <translation>Пройти урок сценарію: прогін доходить до кожного кроку й зупиняється, підпис підказує, на що дивитися, а запит кроку виділяється в усіх панелях. Пробіл: наступний крок, Backspace: попередній, Esc: вихід (Ctrl+Shift+L)</translation>
    </message>
    <message>
        <source>&amp;Next Lesson Step</source>
        <translation>Нас&amp;тупний крок уроку</translation>
    </message>
    <message>
        <source>Play to the lesson&apos;s next step and pause there (Space)</source>
        <translation>Дійти до наступного кроку уроку й зупинитися на ньому (Пробіл)</translation>
    </message>
    <message>
        <source>P&amp;revious Lesson Step</source>
        <translation>Поп&amp;ередній крок уроку</translation>
    </message>
    <message>
        <source>Back to the lesson&apos;s previous step: the same run again from t = 0, stopped at its instant (Backspace)</source>
        <translation>Повернутися до попереднього кроку уроку: той самий прогін знову з t = 0 із зупинкою в момент цього кроку (Backspace)</translation>
    </message>
    <message>
        <source>Lea&amp;ve the Lesson</source>
        <translation>Ви&amp;йти з уроку</translation>
    </message>
    <message>
        <source>Back to the normal window; the run stays where it is (Esc)</source>
        <translation>Повернутися до звичайного вікна; прогін залишається на місці (Esc)</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Урок</translation>
    </message>
    <message>
        <source>The lesson&apos;s steps: click one to go there (an earlier one runs the same run again from t = 0 and stops at its instant)</source>
        <translation>Кроки уроку: клацніть крок, щоб перейти до нього (для одного з попередніх кроків той самий прогін повторюється з t = 0 і зупиняється в його момент)</translation>
    </message>
    <message>
        <source>Left the lesson; the run stays where it was.</source>
        <translation>Урок закрито; прогін залишився на місці.</translation>
    </message>
    <message>
        <source>%1. %2 — %3</source>
        <translation>%1. %2&#xa0;— %3</translation>
    </message>
    <message>
        <source>Lesson step %1 of %2: r%3 is selected.</source>
        <translation>Крок уроку %1 з %2: виділено r%3.</translation>
    </message>
</context>
<context>
    <name>iw::MainWindow</name>
    <message>
        <source>Exported the timeline to %1.</source>
        <translation>Часову шкалу експортовано в %1.</translation>
    </message>
    <message>
        <source>No event left to run.</source>
        <translation>Подій для виконання більше немає.</translation>
    </message>
    <message>
        <source>Skipped %1 where nothing happens (t = %2 → %3).</source>
        <translation>Пропущено %1 без подій (t = %2 → %3).</translation>
    </message>
    <message>
        <source>Finished at %1: %2, %3, %4.</source>
        <translation>Прогін завершено о %1: %2, %3, %4.</translation>
    </message>
    <message>
        <source>&amp;Live database…</source>
        <translation>&amp;Робоча база даних…</translation>
    </message>
    <message>
        <source>Connect read-only to a PostgreSQL idempotency table, see its records and anomalies, and follow it</source>
        <translation>Підключитися лише для читання до таблиці ідемпотентності в PostgreSQL, переглянути її записи й аномалії та стежити за нею</translation>
    </message>
    <message>
        <source>&amp;Policy review…</source>
        <translation>Порівняння по&amp;літик…</translation>
    </message>
    <message>
        <source>Compare two to four service and retry policies over thousands of simulated intents under the same faults (Ctrl+R)</source>
        <translation>Порівняти від двох до чотирьох політик сервісу та retry на тисячах змодельованих намірів за однакових збоїв (Ctrl+R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Ви&amp;йти</translation>
    </message>
    <message>
        <source>Close the workbench (Ctrl+Q)</source>
        <translation>Закрити програму (Ctrl+Q)</translation>
    </message>
    <message>
        <source>&amp;Clear selection</source>
        <translation>Зняти &amp;виділення</translation>
    </message>
    <message>
        <source>Forget the selected request or record in every panel (Esc)</source>
        <translation>Зняти виділення запиту чи запису в усіх панелях (Esc)</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>&amp;Скинути розташування панелей</translation>
    </message>
    <message>
        <source>Put every panel back where it was when the workbench was installed</source>
        <translation>Повернути всі панелі на початкові місця, як одразу після встановлення</translation>
    </message>
    <message>
        <source>&amp;Explore…</source>
        <translation>&amp;Дослідити…</translation>
    </message>
    <message>
        <source>Try every combination of faults and latencies the scenario&apos;s explore block allows, within bounds, and find the shortest run that breaks its property</source>
        <translation>Перебрати всі поєднання збоїв і затримок, які допускає блок explore сценарію, у заданих межах і знайти найкоротший прогін, що порушує його властивість</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Сценарій</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Лічильники</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Інспектор</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>Послідовність</translation>
    </message>
    <message>
        <source>Exported the sequence to %1.</source>
        <translation>Послідовність експортовано в %1.</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Запити</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>Записи</translation>
    </message>
    <message>
        <source>Show or hide the %1 panel</source>
        <translation>Показати або приховати панель «%1»</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Запуск</translation>
    </message>
    <message>
        <source>&amp;Store</source>
        <translation>&amp;Сховище</translation>
    </message>
    <message>
        <source>F&amp;ire</source>
        <translation>&amp;Надсилання</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вигляд</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>&amp;Часова шкала</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Довідка</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Запуск</translation>
    </message>
    <message>
        <source>Virtual time per wall-clock second</source>
        <translation>Скільки віртуального часу минає за секунду реального</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Часова шкала</translation>
    </message>
    <message>
        <source>Fire</source>
        <translation>Надсилання</translation>
    </message>
    <message>
        <source>Teach</source>
        <translation>Навчання</translation>
    </message>
    <message>
        <source>%1 — Idempotency Workbench</source>
        <translation>%1&#xa0;— Idempotency Workbench</translation>
    </message>
    <message>
        <source>The counterexample as a lesson: Space plays to the next step, Esc leaves.</source>
        <translation>Контрприклад у вигляді уроку: Пробіл&#xa0;— до наступного кроку, Esc&#xa0;— вихід.</translation>
    </message>
    <message>
        <source>Closing as soon as the database answers…</source>
        <translation>Закриття, щойно відповість база даних…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln запит</numerusform>
            <numerusform>%Ln запити</numerusform>
            <numerusform>%Ln запитів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln effect(s)</source>
        <translation>
            <numerusform>%Ln ефект</numerusform>
            <numerusform>%Ln ефекти</numerusform>
            <numerusform>%Ln ефектів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln duplicate effect(s)</source>
        <translation>
            <numerusform>%Ln дублікат ефекту</numerusform>
            <numerusform>%Ln дублікати ефектів</numerusform>
            <numerusform>%Ln дублікатів ефектів</numerusform>
        </translation>
    </message>
    <message>
        <source>Connect to a live &amp;Redis…</source>
        <translation>Підключитися до робочого &amp;Redis…</translation>
    </message>
    <message>
        <source>Read the idempotency records a service keeps in Redis (the keys matching a pattern, read only), see their anomalies, page by scan cursor and follow them</source>
        <translation>Читати записи ідемпотентності, які сервіс зберігає в Redis (ключі за шаблоном, лише читання), бачити їхні аномалії, гортати за курсором сканування й стежити за ними</translation>
    </message>
    <message>
        <source>Connect to a live &amp;MySQL table…</source>
        <translation>Підключитися до робочої таблиці &amp;MySQL…</translation>
    </message>
    <message>
        <source>Read the idempotency records a service keeps in a MySQL or MariaDB table (read only), see their anomalies, page in key order and follow them</source>
        <translation>Прочитати записи ідемпотентності, які сервіс зберігає в таблиці MySQL або MariaDB (лише читання), побачити їхні аномалії, гортати в порядку ключа й стежити за ними</translation>
    </message>
</context>
<context>
    <name>iw::PresenterMode</name>
    <message>
        <source>&amp;Presenter Mode</source>
        <translation>&amp;Режим доповідача</translation>
    </message>
    <message>
        <source>Full screen with only the timeline, the sequence and the lesson caption, in larger type for a projector; the run keys still work (F11)</source>
        <translation>Повний екран лише з часовою шкалою, послідовністю та підписом уроку, великим шрифтом для проєктора; клавіші керування прогоном і далі працюють (F11)</translation>
    </message>
    <message>
        <source>&amp;Larger Type</source>
        <translation>&amp;Збільшити шрифт</translation>
    </message>
    <message>
        <source>Presenter mode: larger type on the timeline, the sequence and the caption (Ctrl+= or Ctrl++)</source>
        <translation>Режим доповідача: більший шрифт на часовій шкалі, у послідовності та в підписі (Ctrl+= або Ctrl++)</translation>
    </message>
    <message>
        <source>&amp;Smaller Type</source>
        <translation>Зм&amp;еншити шрифт</translation>
    </message>
    <message>
        <source>Presenter mode: smaller type on the timeline, the sequence and the caption (Ctrl+-)</source>
        <translation>Режим доповідача: менший шрифт на часовій шкалі, у послідовності та в підписі (Ctrl+-)</translation>
    </message>
    <message>
        <source>Presenter Mode Keeps the &amp;Inspector</source>
        <translation>Режим доповідача залишає &amp;інспектор</translation>
    </message>
    <message>
        <source>Presenter mode shows the inspector too: the rule path and the field diff the captions talk about</source>
        <translation>Режим доповідача показує й інспектор: ланцюжок правил і поля, що відрізняються, про які говорять підписи</translation>
    </message>
    <message>
        <source>Presenter Mode Keeps the &amp;Counters</source>
        <translation>Режим доповідача залишає &amp;лічильники</translation>
    </message>
    <message>
        <source>Presenter mode shows the counters too: effects and duplicate effects</source>
        <translation>Режим доповідача показує й лічильники: ефекти та дублікати ефектів</translation>
    </message>
</context>
<context>
    <name>iw::RecordsModel</name>
    <message>
        <source>%1 (stuck)</source>
        <translation>%1 (завислий)</translation>
    </message>
    <message>
        <source>expired %1 ago</source>
        <translation>сплив %1 тому</translation>
    </message>
    <message>
        <source>none</source>
        <translation>немає</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>залишилося %1</translation>
    </message>
    <message>
        <source>passed %1 ago</source>
        <translation>закінчилася %1 тому</translation>
    </message>
    <message>
        <source>Fingerprint stored with the record:
%1</source>
        <translation>Fingerprint, збережений у записі:
%1</translation>
    </message>
    <message>
        <source>Stuck: %1. Nobody is looking after it: only a lease takeover or an operator can finish it, and it must not be swept.</source>
        <translation>Завис: %1. За ним ніхто не стежить: завершити його може лише перехоплення після закінчення оренди або оператор, і видаляти його очищенням не можна.</translation>
    </message>
    <message>
        <source>Expired: it no longer protects the scope (a new request may run again, or be refused under a tombstone policy).</source>
        <translation>Термін сплив: запис більше не захищає scope (новий запит може виконатися знову або, за політики tombstone, отримати відмову).</translation>
    </message>
    <message>
        <source>Expires at %1 (virtual time)</source>
        <translation>Спливає о %1 (віртуальний час)</translation>
    </message>
    <message>
        <source>Lease until %1: after it another request may take over</source>
        <translation>Оренда до %1: після цього запис може перехопити інший запит</translation>
    </message>
    <message>
        <source>No lease: an in-progress record is never taken over</source>
        <translation>Без оренди: запис у стані in_progress ніколи не перехоплюється</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Суб’єкт</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операція</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>TTL left</source>
        <translation>Залишок TTL</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>Оренда</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Створено</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Спливає</translation>
    </message>
    <message>
        <source>The state the record shows at the current virtual time, coloured as the legend</source>
        <translation>Стан запису в поточний момент віртуального часу; кольори&#xa0;— як у легенді</translation>
    </message>
    <message>
        <source>Time left before the record expires, counting down in virtual time</source>
        <translation>Час до закінчення терміну запису, відлічується у віртуальному часі</translation>
    </message>
    <message>
        <source>Time left on the in-progress lease, after which another request may take over</source>
        <translation>Залишок оренди запису в стані in_progress; коли вона закінчиться, запис може перехопити інший запит</translation>
    </message>
    <message>
        <source>The effect the record&apos;s owner created (its stable result ID)</source>
        <translation>Ефект, створений власником запису (його стабільний ідентифікатор результату)</translation>
    </message>
</context>
<context>
    <name>iw::RequestsModel</name>
    <message>
        <source>%1 (copy %2)</source>
        <translation>%1 (копія %2)</translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation>(без key)</translation>
    </message>
    <message>
        <source>never arrived</source>
        <translation>не дійшов</translation>
    </message>
    <message>
        <source>pending…</source>
        <translation>очікування…</translation>
    </message>
    <message>
        <source>%1 (duplicate)</source>
        <translation>%1 (дублікат)</translation>
    </message>
    <message>
        <source>SHA-256 of the canonical payload:
%1</source>
        <translation>SHA-256 канонічної форми навантаження:
%1</translation>
    </message>
    <message>
        <source>Rule path: %1</source>
        <translation>Ланцюжок правил: %1</translation>
    </message>
    <message>
        <source>Sent at %1, arrived %2, decided %3</source>
        <translation>Надіслано: %1, отримано: %2, рішення: %3</translation>
    </message>
    <message>
        <source>never</source>
        <translation>ніколи</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>ще немає</translation>
    </message>
    <message>
        <source>A duplicate effect: this intent&apos;s business action ran more than once.</source>
        <translation>Дублікат ефекту: бізнес-дія цього наміру виконалася більше ніж один раз.</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Запит</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Надіслано</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Клієнт</translation>
    </message>
    <message>
        <source>Intent</source>
        <translation>Намір</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Спроба</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Рішення</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Client outcome</source>
        <translation>Результат для клієнта</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>Ефект</translation>
    </message>
    <message>
        <source>Virtual time at which the client sent this attempt</source>
        <translation>Віртуальний час, коли клієнт надіслав цю спробу</translation>
    </message>
    <message>
        <source>Attempt number of this copy of the intent (copies are double-submits)</source>
        <translation>Номер спроби в цій копії наміру (копії&#xa0;— це подвійне надсилання)</translation>
    </message>
    <message>
        <source>The first 12 hex digits of the payload&apos;s SHA-256 fingerprint</source>
        <translation>Перші 12 шістнадцяткових цифр SHA-256 fingerprint навантаження</translation>
    </message>
    <message>
        <source>What the service decided, coloured as the legend (Help → How to read this window)</source>
        <translation>Рішення сервісу; кольори&#xa0;— як у легенді (Довідка → Як читати це вікно)</translation>
    </message>
    <message>
        <source>What the client saw: the response, a timeout, a dropped response, or a request that never arrived</source>
        <translation>Що побачив клієнт: відповідь, тайм-аут, втрачену відповідь або запит, який не дійшов</translation>
    </message>
    <message>
        <source>The business effect this request executed, if any; duplicates are marked in red</source>
        <translation>Бізнес-ефект, виконаний цим запитом (якщо був); дублікати позначено червоним</translation>
    </message>
</context>
<context>
    <name>iw::RunController</name>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Пуск</translation>
    </message>
    <message>
        <source>Play: advance virtual time at the chosen speed (F5)</source>
        <translation>Пуск: віртуальний час іде з вибраною швидкістю (F5)</translation>
    </message>
    <message>
        <source>P&amp;ause</source>
        <translation>П&amp;ауза</translation>
    </message>
    <message>
        <source>Pause: stop virtual time; nothing is lost (F5)</source>
        <translation>Пауза: зупинити віртуальний час; нічого не втрачається (F5)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>&amp;Крок</translation>
    </message>
    <message>
        <source>Step: pause and run exactly the next event (F10)</source>
        <translation>Крок: призупинити й виконати точно одну наступну подію (F10)</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>&amp;Скинути</translation>
    </message>
    <message>
        <source>Reset: rewind to t = 0 with the current policies; requests you fired are replayed (Ctrl+Shift+F5)</source>
        <translation>Скинути: повернутися до t = 0 з поточними політиками; надіслані вами запити буде надіслано знову (Ctrl+Shift+F5)</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>&amp;Швидше</translation>
    </message>
    <message>
        <source>Faster: ten times more virtual time per second (Ctrl+])</source>
        <translation>Швидше: удесятеро більше віртуального часу за секунду (Ctrl+])</translation>
    </message>
    <message>
        <source>S&amp;lower</source>
        <translation>П&amp;овільніше</translation>
    </message>
    <message>
        <source>Slower: ten times less virtual time per second (Ctrl+[)</source>
        <translation>Повільніше: удесятеро менше віртуального часу за секунду (Ctrl+[)</translation>
    </message>
    <message>
        <source>S&amp;kip to Next Event</source>
        <translation>До &amp;наступної події</translation>
    </message>
    <message>
        <source>Skip idle time: jump the clock to the next event and run it, playing or paused (Ctrl+F10)</source>
        <translation>Пропустити простій: перевести годинник до наступної події й виконати її&#xa0;— і під час відтворення, і на паузі (Ctrl+F10)</translation>
    </message>
    <message>
        <source>Skip &amp;Idle Time Automatically</source>
        <translation>А&amp;втоматично пропускати простій</translation>
    </message>
    <message>
        <source>While playing, jump over stretches where nothing happens for more than 1.5 s of wall time at the chosen speed (a 24-hour wait plays in moments)</source>
        <translation>Під час відтворення перескакувати проміжки, у яких за вибраної швидкості понад 1,5&#xa0;с реального часу нічого не відбувається (24-годинне очікування минає за мить)</translation>
    </message>
    <message>
        <source>The run stopped: %1.</source>
        <translation>Прогін зупинено: %1.</translation>
    </message>
    <message>
        <source>The %1 store failed (%2); the workbench went back to the memory store.</source>
        <translation>Збій сховища %1 (%2); програма повернулася до сховища в пам’яті.</translation>
    </message>
    <message>
        <source>Rewinding could not empty the %1 store (%2); the workbench went back to the memory store.</source>
        <translation>Під час перемотування не вдалося спорожнити сховище %1 (%2); програма повернулася до сховища в пам’яті.</translation>
    </message>
    <message numerus="yes">
        <source>%n more event(s)</source>
        <translation>
            <numerusform>ще %n подія</numerusform>
            <numerusform>ще %n події</numerusform>
            <numerusform>ще %n подій</numerusform>
        </translation>
    </message>
    <message>
        <source>At t = %1: %2</source>
        <translation>При t = %1: %2</translation>
    </message>
    <message>
        <source>Play on: no events are left; the clock runs on so TTLs and leases count down (F5)</source>
        <translation>Продовжити: подій більше немає; годинник іде далі, і TTL та оренди продовжують спливати (F5)</translation>
    </message>
    <message>
        <source>1/%1×</source>
        <translation>1/%1×</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>This scenario runs on the %1 store engine, which the %2 store is not; the workbench runs it on its embedded %1 model.</source>
        <translation>Цей сценарій працює на рушії сховища %1, а сховище %2 — інший рушій; програма запускає його на вбудованій моделі %1.</translation>
    </message>
    <message>
        <source>The MySQL server&apos;s table was made for the scenario it was switched to with (its claim statement, isolation and key column); this scenario runs on the embedded mysql model. Switch to MySQL again to run it on the server.</source>
        <translation>Таблицю на сервері MySQL створено для сценарію, з яким на нього перемкнулися (його оператор захоплення, рівень ізоляції та стовпець ключа); цей сценарій працює на вбудованій моделі mysql. Перемкніться на MySQL знову, щоб запустити його на сервері.</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Без назви</translation>
    </message>
    <message>
        <source>No scenario loaded: edit the policies and fire requests by hand, or pick a preset.</source>
        <translation>Сценарій не завантажено: змініть політики й надсилайте запити вручну або виберіть готовий сценарій.</translation>
    </message>
</context>
<context>
    <name>iw::RunTables</name>
    <message>
        <source>Filter requests…</source>
        <translation>Фільтр запитів…</translation>
    </message>
    <message>
        <source>Filter records…</source>
        <translation>Фільтр записів…</translation>
    </message>
    <message>
        <source>Shows only the rows where some column contains this text (case-insensitive)</source>
        <translation>Показує лише рядки, у яких будь-який стовпець містить цей текст (без урахування регістру)</translation>
    </message>
</context>
<context>
    <name>iw::ScenarioFiles</name>
    <message>
        <source>A blank scenario at t = 0: fire requests from the Scenario panel.</source>
        <translation>Порожній сценарій, t = 0: надсилайте запити з панелі «Сценарій».</translation>
    </message>
    <message>
        <source>&amp;New scenario</source>
        <translation>&amp;Новий сценарій</translation>
    </message>
    <message>
        <source>Start from the blank scenario: one client, the ietf profile, nothing fired yet (Ctrl+N)</source>
        <translation>Почати з порожнього сценарію: один клієнт, профіль ietf, ще нічого не надіслано (Ctrl+N)</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>&amp;Відкрити сценарій…</translation>
    </message>
    <message>
        <source>Open a scenario file (idempotency-workbench/scenario@1 JSON) (Ctrl+O)</source>
        <translation>Відкрити файл сценарію (JSON idempotency-workbench/scenario@1) (Ctrl+O)</translation>
    </message>
    <message>
        <source>&amp;Save scenario as…</source>
        <translation>&amp;Зберегти сценарій як…</translation>
    </message>
    <message>
        <source>Save the scenario with the edited policies and every request fired so far, to replay it later (Ctrl+S)</source>
        <translation>Зберегти сценарій зі зміненими політиками та всіма досі надісланими запитами, щоб відтворити його пізніше (Ctrl+S)</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>&amp;Експортувати звіт…</translation>
    </message>
    <message>
        <source>Write the report of the run so far as JSON, CSV or Markdown (Ctrl+E)</source>
        <translation>Записати звіт про прогін на поточний момент у JSON, CSV або Markdown (Ctrl+E)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>Не вдається відкрити сценарій</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Відкрити сценарій</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>Сценарії (*.json);;Усі файли (*)</translation>
    </message>
    <message>
        <source>Nothing to save</source>
        <translation>Нічого зберігати</translation>
    </message>
    <message>
        <source>A scenario file needs at least one request: fire one first, or open a preset.</source>
        <translation>Файл сценарію має містити хоча б один запит: спершу надішліть запит або відкрийте готовий сценарій.</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Зберегти сценарій</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Сценарії (*.json)</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>Не вдається зберегти сценарій</translation>
    </message>
    <message>
        <source>Saved the scenario to %1.</source>
        <translation>Сценарій збережено в %1.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не вдається записати %1: %2</translation>
    </message>
    <message>
        <source>The store is busy; export once the database has answered.</source>
        <translation>Сховище зайняте; експортуйте, коли база даних відповість.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>Не вдається записати %1.</translation>
    </message>
    <message>
        <source>Cannot export the report: the store failed (%1).</source>
        <translation>Не вдається експортувати звіт: збій сховища (%1).</translation>
    </message>
    <message>
        <source>Writing %1 failed.</source>
        <translation>Не вдалося записати %1.</translation>
    </message>
    <message>
        <source>JSON report (*.json)</source>
        <translation>Звіт JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV requests table and summary (*.csv)</source>
        <translation>Таблиця запитів і зведення у CSV (*.csv)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Експорт звіту</translation>
    </message>
    <message>
        <source>Cannot export report</source>
        <translation>Не вдається експортувати звіт</translation>
    </message>
    <message>
        <source>Exported the report of the run so far to %1.</source>
        <translation>Звіт про прогін на поточний момент експортовано в %1.</translation>
    </message>
</context>
<context>
    <name>iw::ScenarioPanel</name>
    <message>
        <source>The client that sends fired requests; its policy is on the Client tab</source>
        <translation>Клієнт, який надсилає запити; його політика&#xa0;— на вкладці «Політика клієнта»</translation>
    </message>
    <message>
        <source>Add client</source>
        <translation>Додати клієнта</translation>
    </message>
    <message>
        <source>Add a client with another actor (for example to show that a key is scoped by actor); rewinds the run</source>
        <translation>Додати клієнта з іншим суб’єктом (наприклад, щоб показати, що суб’єкт входить до scope key); прогін перемотується на початок</translation>
    </message>
    <message>
        <source>&amp;Client:</source>
        <translation>&amp;Клієнт:</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Запит</translation>
    </message>
    <message>
        <source>Service policy</source>
        <translation>Політика сервісу</translation>
    </message>
    <message>
        <source>Client policy</source>
        <translation>Політика клієнта</translation>
    </message>
    <message>
        <source>What the next Fire sends</source>
        <translation>Що надішле наступне натискання «Надіслати»</translation>
    </message>
    <message>
        <source>How the service decides; editing rewinds the run under the new policy</source>
        <translation>Як вирішує сервіс; зміна перемотує прогін на початок із новою політикою</translation>
    </message>
    <message>
        <source>How the selected client times out and retries; editing rewinds the run</source>
        <translation>Коли у вибраного клієнта спрацьовує тайм-аут і як він повторює запити; зміна перемотує прогін на початок</translation>
    </message>
    <message>
        <source>&amp;Fire</source>
        <translation>&amp;Надіслати</translation>
    </message>
    <message>
        <source>Fire: send the request form once, now (Ctrl+Enter)</source>
        <translation>Надіслати: запит із форми, один раз, зараз (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Fire N in &amp;parallel</source>
        <translation>Надіслати N &amp;паралельно</translation>
    </message>
    <message>
        <source>Fire N identical copies at the same instant, one intent with one key: a double-click or two open tabs (Ctrl+Shift+Enter)</source>
        <translation>Надіслати N однакових копій у ту саму мить, один намір з одним key: подвійне клацання або дві відкриті вкладки (Ctrl+Shift+Enter)</translation>
    </message>
    <message>
        <source>Fire after &amp;delay</source>
        <translation>Надіслати із &amp;затримкою</translation>
    </message>
    <message>
        <source>Fire the request form once, the given virtual delay from now (Alt+Enter)</source>
        <translation>Надіслати запит із форми один раз через задану віртуальну затримку (Alt+Enter)</translation>
    </message>
    <message>
        <source>Retry &amp;storm</source>
        <translation>&amp;Шквал retry</translation>
    </message>
    <message>
        <source>Fire N copies whose client retries on timeouts, 409 and 5xx with jitter: a thundering herd on one key (Ctrl+Alt+Enter)</source>
        <translation>Надіслати N копій, клієнт яких повторює запит у разі тайм-аутів, 409 і 5xx із випадковим розкидом: лавина запитів на один key (Ctrl+Alt+Enter)</translation>
    </message>
    <message>
        <source>Copy as &amp;curl</source>
        <translation>Копіювати як &amp;curl</translation>
    </message>
    <message>
        <source>Copy a curl command line that sends the request form to the server started with Run → Serve over HTTP</source>
        <translation>Скопіювати командний рядок curl, який надсилає запит із форми на сервер, запущений командою Запуск → Обслуговувати через HTTP</translation>
    </message>
    <message>
        <source>Preset scenarios</source>
        <translation>Готові сценарії</translation>
    </message>
    <message>
        <source>Ready-made races and failures; click one to load it (the run rewinds to t = 0)</source>
        <translation>Готові гонитви та збої; клацніть сценарій, щоб завантажити його (прогін перемотується до t = 0)</translation>
    </message>
    <message>
        <source>No presets found: use File → Open scenario…</source>
        <translation>Готових сценаріїв не знайдено: скористайтеся Файл → Відкрити сценарій…</translation>
    </message>
    <message>
        <source>The operation: with the actor and the key it makes the scope a key is unique in</source>
        <translation>Операція: разом із суб’єктом і key утворює scope, у якому key унікальний</translation>
    </message>
    <message>
        <source>&amp;Operation:</source>
        <translation>&amp;Операція:</translation>
    </message>
    <message>
        <source>literal</source>
        <translation>вручну</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>none</source>
        <translation>без key</translation>
    </message>
    <message>
        <source>Literal: the key typed here; auto: the client makes a UUIDv4 once per intent; none: the request carries no Idempotency-Key</source>
        <translation>Вручну: key, введений тут; auto: клієнт створює UUIDv4 один раз на намір; без key: запит не містить Idempotency-Key</translation>
    </message>
    <message>
        <source>The Idempotency-Key sent (the service judges it: empty or too long keys are invalid)</source>
        <translation>Надісланий Idempotency-Key (його перевіряє сервіс: порожній або задовгий key неприпустимий)</translation>
    </message>
    <message>
        <source>&amp;Key:</source>
        <translation>&amp;Key:</translation>
    </message>
    <message>
        <source>a new intent for each fire</source>
        <translation>новий намір на надсилання</translation>
    </message>
    <message>
        <source>Fires naming the same intent are one logical operation (a retry, a replay from a queue): more than one effect among them is a duplicate effect</source>
        <translation>Надсилання з тим самим наміром&#xa0;— одна логічна операція (retry, повторна доставка з черги): більше ніж один ефект серед них&#xa0;— дублікат ефекту</translation>
    </message>
    <message>
        <source>I&amp;ntent:</source>
        <translation>На&amp;мір:</translation>
    </message>
    <message>
        <source>The JSON payload; it is validated as you type (strict I-JSON: no duplicate names)</source>
        <translation>Корисне навантаження в JSON; перевіряється під час введення (строгий I-JSON: без повторюваних імен)</translation>
    </message>
    <message>
        <source>&amp;Payload:</source>
        <translation>Наван&amp;таження:</translation>
    </message>
    <message>
        <source>RFC 8785 canonical form of the significant part of the payload: what is hashed</source>
        <translation>Канонічна форма (RFC 8785) значущої частини навантаження: саме вона хешується</translation>
    </message>
    <message>
        <source>Canonical:</source>
        <translation>Канон. форма:</translation>
    </message>
    <message>
        <source>SHA-256 of the canonical form: two requests carry the same payload exactly when their fingerprints are equal</source>
        <translation>SHA-256 канонічної форми: навантаження двох запитів однакове тоді й лише тоді, коли їхні fingerprint збігаються</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>Fingerprint:</translation>
    </message>
    <message>
        <source>Faults for the next fire</source>
        <translation>Збої для наступного надсилання</translation>
    </message>
    <message>
        <source>Each ticked fault strikes the first attempt of the next fired request, then unticks</source>
        <translation>Кожен позначений збій спрацьовує на першій спробі наступного надісланого запиту, після чого позначка знімається</translation>
    </message>
    <message>
        <source>drop request</source>
        <translation>втрата запиту</translation>
    </message>
    <message>
        <source>The request is lost on its way: it never arrives</source>
        <translation>Запит губиться дорогою й не доходить до сервісу</translation>
    </message>
    <message>
        <source>drop response</source>
        <translation>втрата відповіді</translation>
    </message>
    <message>
        <source>The service answers but the response is lost</source>
        <translation>Сервіс відповідає, але відповідь губиться</translation>
    </message>
    <message>
        <source>handler error</source>
        <translation>помилка обробника</translation>
    </message>
    <message>
        <source>The handler fails with 500 after execution began, without an effect</source>
        <translation>Обробник завершується помилкою 500 після початку виконання, без ефекту</translation>
    </message>
    <message>
        <source>reject payload</source>
        <translation>відхилення навантаження</translation>
    </message>
    <message>
        <source>Validation fails with 400 before execution: nothing is stored</source>
        <translation>Перевірка не проходить (400) до початку виконання: нічого не зберігається</translation>
    </message>
    <message>
        <source>crash before effect</source>
        <translation>падіння до ефекту</translation>
    </message>
    <message>
        <source>The handling process dies at the handler&apos;s end, before the effect: the record stays in progress</source>
        <translation>Процес, що обробляє запит, падає наприкінці роботи обробника, до ефекту: запис залишається в стані in_progress</translation>
    </message>
    <message>
        <source>crash after effect</source>
        <translation>падіння після ефекту</translation>
    </message>
    <message>
        <source>The process dies just after the external effect: no completion, no response</source>
        <translation>Процес падає одразу після зовнішнього ефекту: ні завершення, ні відповіді</translation>
    </message>
    <message>
        <source>slow handler</source>
        <translation>повільний обробник</translation>
    </message>
    <message>
        <source>The handler takes 2 s instead of handler_ms</source>
        <translation>Обробник працює 2&#xa0;с замість handler_ms</translation>
    </message>
    <message>
        <source>P&amp;rofile:</source>
        <translation>Про&amp;філь:</translation>
    </message>
    <message>
        <source>How the claim is made: unique_claim is correct; check_then_insert and seen_flag show the classic races; none has no protection</source>
        <translation>Як виконується захоплення: unique_claim&#xa0;— правильний спосіб; check_then_insert і seen_flag показують класичні гонитви; none не дає жодного захисту</translation>
    </message>
    <message>
        <source>&amp;Strategy:</source>
        <translation>&amp;Стратегія:</translation>
    </message>
    <message>
        <source>A request without a key is refused (missing_key)</source>
        <translation>Запит без key відхиляється (missing_key)</translation>
    </message>
    <message>
        <source>Require key:</source>
        <translation>Вимагати key:</translation>
    </message>
    <message>
        <source>Shortest accepted key, in Unicode code points</source>
        <translation>Мінімальна допустима довжина key у кодових точках Unicode</translation>
    </message>
    <message>
        <source>to</source>
        <translation>до</translation>
    </message>
    <message>
        <source>Key length:</source>
        <translation>Довжина key:</translation>
    </message>
    <message>
        <source>Time to live: a completed record expires this long after its claim</source>
        <translation>Час життя: запис у стані completed спливає через цей час після захоплення</translation>
    </message>
    <message>
        <source>&amp;TTL:</source>
        <translation>&amp;TTL:</translation>
    </message>
    <message>
        <source>With a lease, an in-progress record whose lease has passed may be taken over</source>
        <translation>З орендою запис у стані in_progress, оренда якого закінчилася, можна перехопити</translation>
    </message>
    <message>
        <source>In-progress lease:</source>
        <translation>Оренда in_progress:</translation>
    </message>
    <message>
        <source>forget</source>
        <translation>forget</translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation>tombstone</translation>
    </message>
    <message>
        <source>forget: an expired key runs again; tombstone: it is refused for reconciliation while the tombstone lasts</source>
        <translation>forget: прострочений key виконується знову; tombstone: поки зберігається tombstone, key відхиляється для звіряння</translation>
    </message>
    <message>
        <source>How long a tombstone outlives the record&apos;s expiry</source>
        <translation>Скільки tombstone зберігається після закінчення терміну запису</translation>
    </message>
    <message>
        <source>After expiry:</source>
        <translation>Після закінчення терміну:</translation>
    </message>
    <message>
        <source>On: a failed handler&apos;s error is stored and replayed; off: an error deletes the record so a retry may run (Powertools)</source>
        <translation>Увімк.: помилка обробника зберігається й повертається повторно (replay); вимк.: помилка видаляє запис, і retry може виконатися (Powertools)</translation>
    </message>
    <message>
        <source>Cache errors:</source>
        <translation>Кешувати помилки:</translation>
    </message>
    <message>
        <source>HTTP status of payload_mismatch</source>
        <translation>HTTP-статус для payload_mismatch</translation>
    </message>
    <message>
        <source>HTTP status of conflict_in_progress</source>
        <translation>HTTP-статус для conflict_in_progress</translation>
    </message>
    <message>
        <source>HTTP status of missing_key</source>
        <translation>HTTP-статус для missing_key</translation>
    </message>
    <message>
        <source>HTTP status of expired_rejected</source>
        <translation>HTTP-статус для expired_rejected</translation>
    </message>
    <message>
        <source>Mismatch status:</source>
        <translation>Статус невідповідності:</translation>
    </message>
    <message>
        <source>In-progress status:</source>
        <translation>Статус для in_progress:</translation>
    </message>
    <message>
        <source>Missing-key status:</source>
        <translation>Статус без key:</translation>
    </message>
    <message>
        <source>Expired status:</source>
        <translation>Статус для expired:</translation>
    </message>
    <message>
        <source>whole payload</source>
        <translation>усе навантаження</translation>
    </message>
    <message>
        <source>JSON Pointers of the only fields that count (comma separated), e.g. /amount, /currency</source>
        <translation>JSON Pointer єдиних полів, що враховуються (через кому), наприклад /amount, /currency</translation>
    </message>
    <message>
        <source>nothing ignored</source>
        <translation>нічого не ігнорується</translation>
    </message>
    <message>
        <source>JSON Pointers of fields the fingerprint ignores (comma separated), e.g. /client_note</source>
        <translation>JSON Pointer полів, які fingerprint не враховує (через кому), наприклад /client_note</translation>
    </message>
    <message>
        <source>Fingerprint &amp;only:</source>
        <translation>&amp;Враховувати в fingerprint:</translation>
    </message>
    <message>
        <source>Fingerprint &amp;ignore:</source>
        <translation>&amp;Ігнорувати в fingerprint:</translation>
    </message>
    <message>
        <source>How long the business handler runs</source>
        <translation>Скільки працює обробник бізнес-дії</translation>
    </message>
    <message>
        <source>How long each store step takes; a step reads at its start and writes at its end</source>
        <translation>Скільки триває кожен крок сховища; крок читає на початку й записує наприкінці</translation>
    </message>
    <message>
        <source>One-way network latency between client and service</source>
        <translation>Затримка мережі в один бік між клієнтом і сервісом</translation>
    </message>
    <message>
        <source>&amp;Handler:</source>
        <translation>&amp;Обробник:</translation>
    </message>
    <message>
        <source>Store step:</source>
        <translation>Крок сховища:</translation>
    </message>
    <message>
        <source>&amp;Network:</source>
        <translation>&amp;Мережа:</translation>
    </message>
    <message>
        <source>A periodic sweep deletes completed records past their expiry (never in-progress ones)</source>
        <translation>Періодичне очищення видаляє прострочені записи в стані completed (але ніколи&#xa0;— записи in_progress)</translation>
    </message>
    <message>
        <source>Sweep every:</source>
        <translation>Очищення кожні:</translation>
    </message>
    <message>
        <source>Who the client acts for: part of the scope, so the same key from another actor is another record</source>
        <translation>Від чийого імені діє клієнт: частина scope, тому той самий key від іншого суб’єкта&#xa0;— це інший запис</translation>
    </message>
    <message>
        <source>&amp;Actor:</source>
        <translation>&amp;Суб’єкт:</translation>
    </message>
    <message>
        <source>The client gives up waiting for an answer after this long</source>
        <translation>Через цей час клієнт перестає чекати на відповідь</translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation>&amp;Тайм-аут:</translation>
    </message>
    <message>
        <source>Attempts per copy, the first included</source>
        <translation>Спроб на копію, включно з першою</translation>
    </message>
    <message>
        <source>Max a&amp;ttempts:</source>
        <translation>&amp;Макс. спроб:</translation>
    </message>
    <message>
        <source>exponential: base·2^(n−1), capped; constant: base, capped</source>
        <translation>exponential: початкова·2^(n−1), не більше за межу; constant: початкова, не більше за межу</translation>
    </message>
    <message>
        <source>&amp;Backoff:</source>
        <translation>Затр&amp;имка:</translation>
    </message>
    <message>
        <source>The first retry&apos;s wait</source>
        <translation>Очікування перед першим retry</translation>
    </message>
    <message>
        <source>Base:</source>
        <translation>Початкова:</translation>
    </message>
    <message>
        <source>No wait is longer than this</source>
        <translation>Жодне очікування не довше за це значення</translation>
    </message>
    <message>
        <source>Cap:</source>
        <translation>Межа:</translation>
    </message>
    <message>
        <source>Randomises waits so that clients that failed together do not retry together</source>
        <translation>Робить очікування випадковими, щоб клієнти, які отримали збій одночасно, не повторювали запити теж одночасно</translation>
    </message>
    <message>
        <source>&amp;Jitter:</source>
        <translation>&amp;Розкид:</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>timeout</translation>
    </message>
    <message>
        <source>409</source>
        <translation>409</translation>
    </message>
    <message>
        <source>422</source>
        <translation>422</translation>
    </message>
    <message>
        <source>5xx</source>
        <translation>5xx</translation>
    </message>
    <message>
        <source>503</source>
        <translation>503</translation>
    </message>
    <message>
        <source>Retry on:</source>
        <translation>Повторювати в разі:</translation>
    </message>
    <message>
        <source>How a retry after conflict_in_progress is made; new_key is the anti-pattern that defeats the key</source>
        <translation>Як виконується retry після conflict_in_progress; new_key&#xa0;— антипатерн, що зводить нанівець сенс key</translation>
    </message>
    <message>
        <source>On &amp;conflict:</source>
        <translation>У разі кон&amp;флікту:</translation>
    </message>
    <message>
        <source>Fire</source>
        <translation>Надсилання</translation>
    </message>
    <message>
        <source>N = </source>
        <translation>N = </translation>
    </message>
    <message>
        <source>How many identical copies Fire N in parallel sends</source>
        <translation>Скільки однакових копій надсилає «Надіслати N паралельно»</translation>
    </message>
    <message>
        <source>How many copies the retry storm sends</source>
        <translation>Скільки копій надсилає шквал retry</translation>
    </message>
    <message>
        <source>Virtual delay before Fire after delay sends</source>
        <translation>Віртуальна затримка, після якої «Надіслати із затримкою» надсилає запит</translation>
    </message>
    <message>
        <source>%1 (actor %2)</source>
        <translation>%1 (суб’єкт %2)</translation>
    </message>
    <message>
        <source>Policy of client &lt;b&gt;%1&lt;/b&gt; (edits rewind the run):</source>
        <translation>Політика клієнта &lt;b&gt;%1&lt;/b&gt; (зміни перемотують прогін на початок):</translation>
    </message>
    <message>
        <source>Loaded “%1”: press Play to run it.</source>
        <translation>Завантажено сценарій «%1»: натисніть «Пуск».</translation>
    </message>
    <message>
        <source>Cannot load %1: %2</source>
        <translation>Не вдається завантажити %1: %2</translation>
    </message>
    <message>
        <source>Fingerprint selection: %1</source>
        <translation>Вибір полів fingerprint: %1</translation>
    </message>
    <message>
        <source>The shortest key length is above the longest.</source>
        <translation>Мінімальна довжина key більша за максимальну.</translation>
    </message>
    <message>
        <source>Policy changed: rewound to t = 0; requests fired so far replay under the new policy.</source>
        <translation>Політику змінено: прогін перемотано до t = 0; досі надіслані запити відтворюються знову за новою політикою.</translation>
    </message>
    <message>
        <source>Added client %1 acting for %2; the run rewound to t = 0.</source>
        <translation>Додано клієнта %1, що діє від імені %2; прогін перемотано до t = 0.</translation>
    </message>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation>Рядок %1, стовпець %2: %3</translation>
    </message>
    <message>
        <source>Invalid JSON, cannot fire. %1</source>
        <translation>Некоректний JSON, надсилання неможливе. %1</translation>
    </message>
    <message>
        <source>Not fired: the payload is not valid JSON (%1).</source>
        <translation>Не надіслано: навантаження не є коректним JSON (%1).</translation>
    </message>
    <message>
        <source>Not fired: choose a client first.</source>
        <translation>Не надіслано: спершу виберіть клієнта.</translation>
    </message>
    <message>
        <source> Client %1 did not retry: retries are now on (5 attempts on timeout, 409 and 5xx, full jitter) and the run rewound.</source>
        <translation> Клієнт %1 не повторював запити: тепер retry увімкнено (5 спроб у разі timeout, 409 і 5xx, розкид full), а прогін перемотано на початок.</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>о %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>зараз</translation>
    </message>
    <message>
        <source>Fired one request %1.</source>
        <translation>Один запит надіслано %1.</translation>
    </message>
    <message>
        <source>Fired %1 copies in parallel %2.</source>
        <translation>Паралельно надіслано копій: %1 (%2).</translation>
    </message>
    <message>
        <source>Retry storm: %1 copies fired %2.</source>
        <translation>Шквал retry&#xa0;— надіслано копій: %1 (%2).</translation>
    </message>
    <message>
        <source>Faults: %1.</source>
        <translation>Збої: %1.</translation>
    </message>
    <message>
        <source>The clock is stopped: press Play to let it reach the send.</source>
        <translation>Годинник зупинено: натисніть «Пуск», щоб дійти до моменту надсилання.</translation>
    </message>
    <message>
        <source>Sent; the clock is stopped: press Play or Step to see it handled.</source>
        <translation>Надіслано; годинник зупинено: натисніть «Пуск» або «Крок», щоб побачити обробку.</translation>
    </message>
    <message>
        <source>Defaults from a real system (IETF draft, Stripe, AWS Powertools, brandur&apos;s rocket-rides, the npm libraries express-idempotency 1.0.6 and node-idempotency 1.0.11); choosing one resets the fields below to its defaults</source>
        <translation>Типові значення з реальної системи (чернетка IETF, Stripe, AWS Powertools, rocket-rides brandur, бібліотеки npm express-idempotency 1.0.6 і node-idempotency 1.0.11); вибір профілю скидає поля нижче до його значень</translation>
    </message>
    <message>
        <source>Longest accepted key, in Unicode code points (at most 256; &quot;no limit&quot; as express-idempotency)</source>
        <translation>Найдовший допустимий key у кодових точках Unicode (не більше 256; «без обмеження» — як в express-idempotency)</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>без обмеження</translation>
    </message>
    <message>
        <source>never</source>
        <translation>не спливає</translation>
    </message>
    <message>
        <source>Records never expire (express-idempotency keeps them for the life of the process)</source>
        <translation>Записи не спливають (express-idempotency зберігає їх, доки працює процес)</translation>
    </message>
    <message>
        <source>Key scope:</source>
        <translation>Scope ключа:</translation>
    </message>
    <message>
        <source>What a key&apos;s uniqueness covers: actor_operation (the actor, the operation and the key), operation, actor, global (the key alone: another user with the same key gets the first one&apos;s answer) or operation_query (the operation with its query string, as node-idempotency)</source>
        <translation>Що охоплює унікальність key: actor_operation (суб’єкт, операція і key), operation, actor, global (лише key: інший користувач із тим самим key отримує відповідь першого) або operation_query (операція разом із рядком запиту, як у node-idempotency)</translation>
    </message>
    <message>
        <source>Key syntax:</source>
        <translation>Синтаксис key:</translation>
    </message>
    <message>
        <source>How a served request&apos;s Idempotency-Key header is read: sf-string (one double-quoted RFC 8941 String, as the IETF draft) or raw (the header&apos;s text as sent, quotes included)</source>
        <translation>Як читається заголовок Idempotency-Key обслуговуваного запиту: sf-string (один рядок RFC 8941 у подвійних лапках, як у чернетці IETF) або raw (текст заголовка як є, разом із лапками)</translation>
    </message>
    <message>
        <source>Fingerprint form:</source>
        <translation>Форма fingerprint:</translation>
    </message>
    <message>
        <source>canonical: RFC 8785, member order does not count; ordered: JSON.stringify of the parsed body, member order counts (node-idempotency); raw: the body&apos;s bytes as sent</source>
        <translation>canonical: RFC 8785, порядок членів не важливий; ordered: JSON.stringify розібраного тіла, порядок членів важливий (node-idempotency); raw: байти тіла як є</translation>
    </message>
    <message>
        <source>Fingerprint covers:</source>
        <translation>Fingerprint враховує:</translation>
    </message>
    <message>
        <source>The request&apos;s %1 counts in its fingerprint: a retry that changes it is a payload mismatch</source>
        <translation>%1 запиту входить до його fingerprint: retry, що це змінює, — невідповідність навантаження</translation>
    </message>
    <message>
        <source>Retry-After:</source>
        <translation>Retry-After:</translation>
    </message>
    <message>
        <source>A Retry-After header on conflict_in_progress (node-idempotency sends 1 s)</source>
        <translation>Заголовок Retry-After при conflict_in_progress (node-idempotency надсилає 1 с)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>Wait if in progress:</source>
        <translation>Чекати, якщо in_progress:</translation>
    </message>
    <message>
        <source>A request that finds the record in progress waits up to this long for it to finish, then answers as if it had arrived then (node-idempotency&apos;s wait strategy)</source>
        <translation>Запит, який застає запис у стані in_progress, чекає на його завершення не довше за це й тоді відповідає так, ніби надійшов у той момент (стратегія очікування node-idempotency)</translation>
    </message>
    <message>
        <source>The fingerprint must cover at least one part of the request.</source>
        <translation>Fingerprint має враховувати хоча б одну частину запиту.</translation>
    </message>
    <message>
        <source>A raw fingerprint hashes the body&apos;s bytes as sent: it cannot keep or ignore members.</source>
        <translation>Fingerprint у формі raw хешує байти тіла як є: він не може враховувати чи пропускати окремі члени.</translation>
    </message>
    <message>
        <source>store down</source>
        <translation>сховище недоступне</translation>
    </message>
    <message>
        <source>The store is unreachable for 1 s from the send: the request&apos;s store steps fail (store_unavailable, 503)</source>
        <translation>Сховище недоступне 1 с від моменту надсилання: кроки сховища цього запиту завершуються помилкою (store_unavailable, 503)</translation>
    </message>
    <message>
        <source>late retry</source>
        <translation>пізній retry</translation>
    </message>
    <message>
        <source>The response is lost and the client comes back once, an hour past the record&apos;s TTL: a device offline, a queue restored from backup</source>
        <translation>Відповідь губиться, і клієнт повертається один раз, через годину після закінчення TTL запису: пристрій без мережі, черга, відновлена з резервної копії</translation>
    </message>
    <message>
        <source>slow network</source>
        <translation>повільна мережа</translation>
    </message>
    <message>
        <source>The request and its response take 2 s each way: longer than a 1 s client timeout</source>
        <translation>Запит і відповідь ідуть по 2 с в кожен бік: довше, ніж тайм-аут клієнта в 1 с</translation>
    </message>
    <message>
        <source>1. Scope</source>
        <translation>1. Scope</translation>
    </message>
    <message>
        <source>2. Canonical payload and fingerprint</source>
        <translation>2. Канонічне навантаження й fingerprint</translation>
    </message>
    <message>
        <source>3. Uniqueness in the durable store</source>
        <translation>3. Унікальність у надійному сховищі</translation>
    </message>
    <message>
        <source>4. Completed, in progress, conflict</source>
        <translation>4. Гілки replay, in_progress і конфлікт</translation>
    </message>
    <message>
        <source>5. Transaction boundary, stable ID, recovery</source>
        <translation>5. Межа транзакції, стабільний ID, відновлення</translation>
    </message>
    <message>
        <source>6. Retention longer than the retry budget</source>
        <translation>6. Термін зберігання довший за бюджет retry</translation>
    </message>
    <message>
        <source>More</source>
        <translation>Інші</translation>
    </message>
    <message>
        <source>Faults (%1)</source>
        <translation>Збої (%1)</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>Збої</translation>
    </message>
    <message>
        <source>The faults for the next fire, as on the Request tab: each ticked one strikes the first attempt of the next fired request, then unticks</source>
        <translation>Збої для наступного надсилання, як на вкладці «Запит»: кожен позначений уражає першу спробу наступного надісланого запиту, потім позначка знімається</translation>
    </message>
</context>
<context>
    <name>iw::ServeController</name>
    <message>
        <source>Not copied: the payload is not valid JSON.</source>
        <translation>Не скопійовано: навантаження не є коректним JSON.</translation>
    </message>
    <message>
        <source>Stopped serving.</source>
        <translation>Обслуговування зупинено.</translation>
    </message>
    <message>
        <source>Serve over &amp;HTTP…</source>
        <translation>Обслуговувати через &amp;HTTP…</translation>
    </message>
    <message>
        <source>Let real HTTP clients (curl, a browser, an SDK) talk to this scenario&apos;s service, beside its simulated clients; their requests appear on the timeline</source>
        <translation>Дозволити справжнім HTTP-клієнтам (curl, браузер, SDK) звертатися до сервісу цього сценарію поряд із його змодельованими клієнтами; їхні запити з’являються на часовій шкалі</translation>
    </message>
    <message>
        <source>Stop ser&amp;ving</source>
        <translation>Зупинити о&amp;бслуговування</translation>
    </message>
    <message>
        <source>Stop accepting connections; requests in flight get their answers first</source>
        <translation>Припинити приймання підключень; запити, що вже в дорозі, спершу отримають відповіді</translation>
    </message>
    <message>
        <source>&amp;Jump ahead…</source>
        <translation>Перевести &amp;годинник уперед…</translation>
    </message>
    <message>
        <source>Move the service clock forward (as POST /_workbench/clock), so leases and TTLs expire without waiting</source>
        <translation>Перевести годинник сервісу вперед (як POST /_workbench/clock), щоб оренда й TTL закінчилися без очікування</translation>
    </message>
    <message>
        <source>Save &amp;traffic as scenario…</source>
        <translation>Зберегти &amp;трафік як сценарій…</translation>
    </message>
    <message>
        <source>Write the served traffic as a scenario that replays the same decisions and effects (as serve --record)</source>
        <translation>Записати обслужений трафік як сценарій, що відтворює ті самі рішення й ефекти (як serve --record)</translation>
    </message>
    <message>
        <source>Copy as &amp;curl</source>
        <translation>Копіювати як &amp;curl</translation>
    </message>
    <message>
        <source>Copy a curl command line that sends this request to the server started with Run → Serve over HTTP</source>
        <translation>Скопіювати командний рядок curl, який надсилає цей запит на сервер, запущений командою Запуск → Обслуговувати через HTTP</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>Скопійовано: %1</translation>
    </message>
    <message>
        <source>“%1” is not an IP address: type one such as 127.0.0.1 or ::1.</source>
        <translation>«%1»&#xa0;— не IP-адреса: введіть, наприклад, 127.0.0.1 або ::1.</translation>
    </message>
    <message>
        <source>The port must be a number from 0 to 65535 (0: any free port).</source>
        <translation>Порт має бути числом від 0 до 65535 (0: будь-який вільний порт).</translation>
    </message>
    <message>
        <source>Not loopback: anyone who can reach %1 can use the service.</source>
        <translation>Адреса не loopback: користуватися сервісом може будь-хто, кому доступна %1.</translation>
    </message>
    <message>
        <source>Real requests appear on the timeline as they arrive.</source>
        <translation>Справжні запити з’являються на часовій шкалі в міру надходження.</translation>
    </message>
    <message>
        <source>Serve over HTTP</source>
        <translation>Обслуговувати через HTTP</translation>
    </message>
    <message>
        <source>Real clients send HTTP requests to this scenario&apos;s service (its policy and faults), beside the simulated clients. The clock runs at 1× while serving.</source>
        <translation>Справжні клієнти надсилають HTTP-запити до сервісу цього сценарію (з його політикою та збоями) поряд зі змодельованими клієнтами. Під час обслуговування годинник іде зі швидкістю 1×.</translation>
    </message>
    <message>
        <source>The address to listen on: 127.0.0.1 (this machine only) unless you mean otherwise</source>
        <translation>Адреса, на якій приймати підключення: 127.0.0.1 (лише цей комп’ютер), якщо не потрібно інакше</translation>
    </message>
    <message>
        <source>The TCP port; 0 picks any free one</source>
        <translation>TCP-порт; 0&#xa0;— будь-який вільний</translation>
    </message>
    <message>
        <source>Bind &amp;address:</source>
        <translation>&amp;Адреса прив’язки:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Порт:</translation>
    </message>
    <message>
        <source>&amp;Serve</source>
        <translation>&amp;Обслуговувати</translation>
    </message>
    <message>
        <source>Jump ahead</source>
        <translation>Перевести годинник уперед</translation>
    </message>
    <message>
        <source>Move the service clock forward by (seconds); work due meanwhile completes first:</source>
        <translation>На скільки секунд перевести годинник сервісу вперед (робота, запланована на цей час, спершу завершиться):</translation>
    </message>
    <message>
        <source>Jumped ahead to t = %1.</source>
        <translation>Годинник переведено вперед: t = %1.</translation>
    </message>
    <message>
        <source>Save traffic as scenario</source>
        <translation>Зберегти трафік як сценарій</translation>
    </message>
    <message>
        <source>Scenario JSON (*.json)</source>
        <translation>JSON сценарію (*.json)</translation>
    </message>
    <message>
        <source>Save traffic</source>
        <translation>Збереження трафіку</translation>
    </message>
    <message>
        <source>Saved the served traffic to %1: run it to replay the same decisions.</source>
        <translation>Обслужений трафік збережено в %1: запустіть його, щоб відтворити ті самі рішення.</translation>
    </message>
</context>
<context>
    <name>iw::ServeSession</name>
    <message>
        <source>Stopped serving %1: the run it served was replaced (another scenario, a policy edit or a store switch); serve again to go on.</source>
        <translation>Обслуговування %1 зупинено: прогін, який воно обслуговувало, замінено (інший сценарій, зміна політики або зміна сховища); щоб продовжити, запустіть обслуговування знову.</translation>
    </message>
    <message>
        <source>Already serving at %1.</source>
        <translation>Обслуговування вже триває на %1.</translation>
    </message>
    <message>
        <source>The run is busy with the store; try again in a moment.</source>
        <translation>Прогін зайнятий роботою зі сховищем; спробуйте ще раз за мить.</translation>
    </message>
    <message>
        <source>Port %1 is already in use on %2: choose another port, or 0 for any free one.</source>
        <translation>Порт %1 на %2 уже зайнятий: виберіть інший порт або 0 для будь-якого вільного.</translation>
    </message>
    <message>
        <source>%1 is not an address of this machine: choose 127.0.0.1 or one of its own addresses.</source>
        <translation>%1&#xa0;— не адреса цього комп’ютера: виберіть 127.0.0.1 або одну з його власних адрес.</translation>
    </message>
    <message>
        <source>Listening on %1 is not allowed (ports below 1024 need privileges): choose a port from 1024 on.</source>
        <translation>Прослуховувати %1 не дозволено (для портів нижче 1024 потрібні привілеї): виберіть порт від 1024 і вище.</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2.</source>
        <translation>Не вдалося почати прослуховування %1: %2.</translation>
    </message>
    <message>
        <source>stopping %1 · %2</source>
        <translation>зупинення %1 · %2</translation>
    </message>
    <message>
        <source>serving %1 · %2</source>
        <translation>обслуговування %1 · %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не вдалося записати %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln запит</numerusform>
            <numerusform>%Ln запити</numerusform>
            <numerusform>%Ln запитів</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::StatusFields</name>
    <message>
        <source>Whether virtual time is running</source>
        <translation>Чи йде віртуальний час</translation>
    </message>
    <message>
        <source>The virtual clock: time since the scenario started</source>
        <translation>Віртуальний годинник: час від початку сценарію</translation>
    </message>
    <message>
        <source>Virtual time per wall-clock second</source>
        <translation>Скільки віртуального часу минає за секунду реального</translation>
    </message>
    <message>
        <source>Where the idempotency records live</source>
        <translation>Де зберігаються записи ідемпотентності</translation>
    </message>
    <message>
        <source>The database connection, when the store is PostgreSQL</source>
        <translation>Підключення до бази даних, коли сховище&#xa0;— PostgreSQL</translation>
    </message>
    <message>
        <source>Real HTTP clients served beside the simulated ones (Run → Serve over HTTP)</source>
        <translation>Справжні HTTP-клієнти, яких обслуговують поряд зі змодельованими (Запуск → Обслуговувати через HTTP)</translation>
    </message>
    <message>
        <source>▶ clock running on, no events left</source>
        <translation>▶ годинник іде, подій більше немає</translation>
    </message>
    <message>
        <source>▶ playing</source>
        <translation>▶ виконується</translation>
    </message>
    <message>
        <source>■ idle</source>
        <translation>■ очікування</translation>
    </message>
    <message>
        <source>■ finished</source>
        <translation>■ завершено</translation>
    </message>
    <message>
        <source>❚❚ paused</source>
        <translation>❚❚ пауза</translation>
    </message>
    <message>
        <source>▶ serving at 1×</source>
        <translation>▶ обслуговування, 1×</translation>
    </message>
    <message>
        <source>t = %1</source>
        <translation>t = %1</translation>
    </message>
</context>
<context>
    <name>iw::StoreSwitch</name>
    <message>
        <source>&amp;Memory</source>
        <translation>У &amp;пам’яті</translation>
    </message>
    <message>
        <source>Keep idempotency records in the embedded store: no database needed</source>
        <translation>Зберігати записи ідемпотентності у вбудованому сховищі: база даних не потрібна</translation>
    </message>
    <message>
        <source>&amp;PostgreSQL…</source>
        <translation>&amp;PostgreSQL…</translation>
    </message>
    <message>
        <source>Run the scenarios against real tables in a PostgreSQL database of yours (its own schema), with the same decisions as the memory store</source>
        <translation>Виконувати сценарії на справжніх таблицях у вашій базі даних PostgreSQL (в окремій схемі) з тими самими рішеннями, що й у сховищі в пам’яті</translation>
    </message>
    <message>
        <source>store: %1</source>
        <translation>сховище: %1</translation>
    </message>
    <message>
        <source>PostgreSQL, schema %1</source>
        <translation>PostgreSQL, схема %1</translation>
    </message>
    <message>
        <source>store: memory</source>
        <translation>сховище: у пам’яті</translation>
    </message>
    <message>
        <source>embedded, no database</source>
        <translation>вбудоване, без бази даних</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>підключення…</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>підключено</translation>
    </message>
    <message>
        <source>connection lost, reconnecting: %1</source>
        <translation>підключення втрачено, повторне підключення: %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>помилка: %1</translation>
    </message>
    <message>
        <source>(waiting for the database…)</source>
        <translation>(очікування бази даних…)</translation>
    </message>
    <message>
        <source>Back on the memory store; the scenario reloaded at t = 0.</source>
        <translation>Повернення до сховища в пам’яті; сценарій перезавантажено з t = 0.</translation>
    </message>
    <message>
        <source>The store is busy; switch once the database has answered.</source>
        <translation>Сховище зайняте; перемкніться, коли база даних відповість.</translation>
    </message>
    <message>
        <source>Could not switch to PostgreSQL: %1. The workbench stays on the %2 store.</source>
        <translation>Не вдалося перемкнутися на PostgreSQL: %1. Залишається попереднє сховище: %2.</translation>
    </message>
    <message>
        <source>Now on PostgreSQL (schema %1); the scenario reloaded at t = 0.</source>
        <translation>Тепер використовується PostgreSQL (схема %1); сценарій перезавантажено з t = 0.</translation>
    </message>
    <message>
        <source>&amp;Redis…</source>
        <translation>&amp;Redis…</translation>
    </message>
    <message>
        <source>Run the scenarios of the Redis store engine against a real Redis server (keys under the workbench&apos;s own prefix), with the same decisions as the embedded Redis model</source>
        <translation>Запускати сценарії рушія сховища Redis на справжньому сервері Redis (ключі під власним префіксом workbench) з тими самими рішеннями, що й вбудована модель Redis</translation>
    </message>
    <message>
        <source>connecting to %1…</source>
        <translation>підключення до %1…</translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation>PostgreSQL</translation>
    </message>
    <message>
        <source>Could not switch to Redis: %1. The workbench stays on the %2 store.</source>
        <translation>Не вдалося перемкнутися на Redis: %1. Лишається попереднє сховище: %2.</translation>
    </message>
    <message>
        <source>Could not switch to Redis: the scenario open runs on the %1 store engine, and a Redis server runs only scenarios of the redis engine; open one (such as the Redis presets) first. The workbench stays on the %2 store.</source>
        <translation>Не вдалося перемкнутися на Redis: відкритий сценарій працює на рушії сховища %1, а сервер Redis виконує лише сценарії рушія redis; спершу відкрийте такий (наприклад, готові сценарії Redis). Лишається попереднє сховище: %2.</translation>
    </message>
    <message>
        <source>Redis at %1, prefix %2</source>
        <translation>Redis на %1, префікс %2</translation>
    </message>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>Now on Redis at %1; the scenario reloaded at t = 0.</source>
        <translation>Тепер використовується Redis на %1; сценарій перезавантажено з t = 0.</translation>
    </message>
    <message>
        <source>M&amp;ySQL…</source>
        <translation>M&amp;ySQL…</translation>
    </message>
    <message>
        <source>Run the scenarios of the MySQL store engine against a real MariaDB or MySQL server (a database of the workbench&apos;s own), with the same decisions as the embedded MySQL model</source>
        <translation>Запускати сценарії рушія сховища MySQL на справжньому сервері MariaDB або MySQL (у власній базі даних workbench) з тими самими рішеннями, що й вбудована модель MySQL</translation>
    </message>
    <message>
        <source>Could not switch to MySQL: the scenario open runs on the %1 store engine, and a MySQL server runs only scenarios of the mysql engine; open one (such as the MySQL presets) first. The workbench stays on the %2 store.</source>
        <translation>Не вдалося перемкнутися на MySQL: відкритий сценарій працює на рушії сховища %1, а сервер MySQL виконує лише сценарії рушія mysql; спершу відкрийте такий (наприклад, готові сценарії MySQL). Лишається попереднє сховище: %2.</translation>
    </message>
    <message>
        <source>Could not switch to MySQL: %1. The workbench stays on the %2 store.</source>
        <translation>Не вдалося перемкнутися на MySQL: %1. Лишається попереднє сховище: %2.</translation>
    </message>
    <message>
        <source>MySQL</source>
        <translation>MySQL</translation>
    </message>
    <message>
        <source>Now on %1; the scenario reloaded at t = 0.</source>
        <translation>Тепер використовується %1; сценарій перезавантажено з t = 0.</translation>
    </message>
</context>
<context>
    <name>iw::StrategyComparison</name>
    <message>
        <source>Compare Strategies</source>
        <translation>Порівняння стратегій</translation>
    </message>
    <message>
        <source>Compare Strategies Side by Side</source>
        <translation>Порівняти стратегії поруч</translation>
    </message>
    <message>
        <source>A second timeline above this one: the same scenario under another strategy, played by the same clock</source>
        <translation>Друга часова шкала над цією: той самий сценарій за іншої стратегії, на тому самому годиннику</translation>
    </message>
    <message>
        <source>Same requests under:</source>
        <translation>Ті самі запити за:</translation>
    </message>
    <message>
        <source>The strategy the second timeline runs the scenario&apos;s requests under (requests fired or served by hand are not repeated there)</source>
        <translation>Стратегія, за якої друга шкала виконує запити сценарію (запити, надіслані або обслужені вручну, там не повторюються)</translation>
    </message>
    <message>
        <source>Cannot run under %1: %2</source>
        <translation>Не вдається виконати за %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n effect(s), %2</source>
        <translation>
            <numerusform>%1 · %n ефект, %2</numerusform>
            <numerusform>%1 · %n ефекти, %2</numerusform>
            <numerusform>%1 · %n ефектів, %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate(s)</source>
        <translation>
            <numerusform>%n дублікат</numerusform>
            <numerusform>%n дублікати</numerusform>
            <numerusform>%n дублікатів</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::formatClock</name>
    <message>
        <source>%1 d %2</source>
        <translation>%1&#xa0;д %2</translation>
    </message>
</context>
</TS>
