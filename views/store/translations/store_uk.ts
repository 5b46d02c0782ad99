<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>iw::MysqlStoreDialog</name>
    <message>
        <source>%1, database %2</source>
        <translation>%1, база даних %2</translation>
    </message>
    <message>
        <source>MySQL store</source>
        <translation>Сховище MySQL</translation>
    </message>
    <message>
        <source>Run the scenarios of the MySQL store engine against a real MariaDB or MySQL server: the claim is the scenario&apos;s INSERT on the table&apos;s primary key, and deadlocks are the server&apos;s own. The workbench keeps its tables in a database it marks as its own and empties them at every run; a database holding other tables is left alone.</source>
        <translation>Запускати сценарії рушія сховища MySQL на справжньому сервері MariaDB або MySQL: захоплення — це INSERT сценарію за первинним ключем таблиці, а deadlock — власні deadlock сервера. Workbench тримає свої таблиці в базі даних, яку позначає своєю, і очищає їх під час кожного запуску; база даних з іншими таблицями лишається недоторканою.</translation>
    </message>
    <message>
        <source>host=127.0.0.1 port=3306 user=NAME dbname=DATABASE</source>
        <translation>host=127.0.0.1 port=3306 user=ІМʼЯ dbname=БАЗА</translation>
    </message>
    <message>
        <source>The server and database to write to (a primary: a read-only server is refused), as key=value pairs: host, port, user, dbname, socket, connect_timeout, read_timeout, write_timeout</source>
        <translation>Сервер і база даних для запису (основний сервер: сервер лише для читання відхиляється) у вигляді пар key=value: host, port, user, dbname, socket, connect_timeout, read_timeout, write_timeout</translation>
    </message>
    <message>
        <source>&amp;Connection:</source>
        <translation>&amp;Підключення:</translation>
    </message>
    <message>
        <source>Used for this session only and never saved</source>
        <translation>Використовується лише в цьому сеансі й ніколи не зберігається</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>П&amp;ароль:</translation>
    </message>
    <message>
        <source>Use &amp;MySQL</source>
        <translation>Використати &amp;MySQL</translation>
    </message>
    <message>
        <source>Switch the workbench to this server; the current scenario reloads on it</source>
        <translation>Перемкнути workbench на цей сервер; поточний сценарій перезавантажиться на ньому</translation>
    </message>
</context>
<context>
    <name>iw::RedisStoreDialog</name>
    <message>
        <source>the key prefix is empty (the store deletes only keys under it)</source>
        <translation>префікс ключів порожній (сховище видаляє лише ключі під ним)</translation>
    </message>
    <message>
        <source>Redis store</source>
        <translation>Сховище Redis</translation>
    </message>
    <message>
        <source>Run the scenarios of the Redis store engine against a real Redis: the claim is SET NX&apos;s arbitration, each conditional write one script. The workbench writes only keys under its own prefix and empties them at every run; expiries follow the simulation&apos;s clock.</source>
        <translation>Запускати сценарії рушія сховища Redis на справжньому Redis: захоплення вирішує SET NX, кожен умовний запис — один скрипт. Workbench пише лише ключі під своїм префіксом і очищує їх під час кожного запуску; терміни йдуть за годинником симуляції.</translation>
    </message>
    <message>
        <source>redis://[user:password@]host:port/db  or  unix:///path?db=0</source>
        <translation>redis://[user:password@]host:port/db  або  unix:///path?db=0</translation>
    </message>
    <message>
        <source>The Redis server to write to (a primary: a replica refuses writes). A password typed here is used for this session only and never saved.</source>
        <translation>Сервер Redis для запису (основний: репліка відмовляє в записі). Введений тут пароль використовується лише в цьому сеансі й ніколи не зберігається.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>The workbench&apos;s keys live under this prefix; a prefix holding keys the workbench did not mark as its own is left alone</source>
        <translation>Ключі workbench живуть під цим префіксом; префікс із ключами, які workbench не позначив своїми, не чіпається</translation>
    </message>
    <message>
        <source>Key &amp;prefix:</source>
        <translation>&amp;Префікс ключів:</translation>
    </message>
    <message>
        <source>Use &amp;Redis</source>
        <translation>Використати &amp;Redis</translation>
    </message>
    <message>
        <source>Switch the workbench to this server; the current scenario reloads on it</source>
        <translation>Перемкнути workbench на цей сервер; поточний сценарій перезавантажиться на ньому</translation>
    </message>
</context>
<context>
    <name>iw::ServerStoreDialog</name>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
</context>
<context>
    <name>iw::StoreDialog</name>
    <message>
        <source>PostgreSQL store</source>
        <translation>Сховище PostgreSQL</translation>
    </message>
    <message>
        <source>Run the scenarios against real tables: the claim becomes one INSERT … ON CONFLICT DO NOTHING and the database arbitrates. The workbench works only inside its own schema and empties its tables at every run.</source>
        <translation>Виконувати сценарії на справжніх таблицях: захоплення стає однією командою INSERT … ON CONFLICT DO NOTHING, а суперечку розв’язує база даних. Програма працює лише у власній схемі та спорожнює свої таблиці під час кожного прогону.</translation>
    </message>
    <message>
        <source>host=… dbname=… user=…  or  postgresql://…  (empty: the PG* environment)</source>
        <translation>host=… dbname=… user=…  або  postgresql://…  (порожньо: середовище PG*)</translation>
    </message>
    <message>
        <source>A libpq connection string or URI. Empty uses the PG* environment variables, the service file and .pgpass. A password typed here is used for this session only and never saved.</source>
        <translation>Рядок підключення libpq або URI. Якщо порожньо, використовуються змінні середовища PG*, файл сервісів і .pgpass. Введений тут пароль використовується лише в цьому сеансі й ніколи не зберігається.</translation>
    </message>
    <message>
        <source>&amp;Connection:</source>
        <translation>&amp;Підключення:</translation>
    </message>
    <message>
        <source>The schema the workbench&apos;s tables live in; created on request, never shared with your own tables</source>
        <translation>Схема, у якій лежать таблиці програми; створюється на вимогу й ніколи не змішується з вашими таблицями</translation>
    </message>
    <message>
        <source>&amp;Schema:</source>
        <translation>&amp;Схема:</translation>
    </message>
    <message>
        <source>Create the schema and its tables when they are &amp;missing</source>
        <translation>Створювати схему та її таблиці, якщо їх &amp;немає</translation>
    </message>
    <message>
        <source>Runs the same installation as the Install schema button before the first run</source>
        <translation>Перед першим прогоном виконує те саме встановлення, що й кнопка «Встановити схему»</translation>
    </message>
    <message>
        <source>Through a &amp;transaction pooler (pgbouncer pool_mode = transaction)</source>
        <translation>Через пулер &amp;транзакцій (pgbouncer pool_mode = transaction)</translation>
    </message>
    <message>
        <source>Every statement is sent unnamed with its parameters, so nothing depends on a prepared statement or a SET outliving its transaction: a transaction pooler may hand the next transaction another server connection</source>
        <translation>Кожна команда надсилається без імені разом із параметрами, тому ніщо не залежить від підготовленого оператора чи SET, що переживають свою транзакцію: пулер транзакцій може віддати наступну транзакцію іншому підключенню до сервера</translation>
    </message>
    <message>
        <source>&amp;Install schema</source>
        <translation>&amp;Встановити схему</translation>
    </message>
    <message>
        <source>Create the schema and the tables request_idempotency, request_idempotency_tombstone, request_seen and demo_request when missing, and say what was created or found; an existing table of another shape is reported and left unchanged</source>
        <translation>Створити схему й таблиці request_idempotency, request_idempotency_tombstone, request_seen і demo_request, якщо їх немає, і повідомити, що створено або знайдено; про наявну таблицю іншої структури буде повідомлено, і її залишено без змін</translation>
    </message>
    <message>
        <source>Use &amp;PostgreSQL</source>
        <translation>Використовувати &amp;PostgreSQL</translation>
    </message>
    <message>
        <source>Switch the workbench to this database; the current scenario reloads on it</source>
        <translation>Перемкнути програму на цю базу даних; поточний сценарій буде перезавантажено на ній</translation>
    </message>
    <message>
        <source>Not installed: %1.</source>
        <translation>Не встановлено: %1.</translation>
    </message>
    <message>
        <source>Connecting and installing…</source>
        <translation>Підключення та встановлення…</translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation>PostgreSQL</translation>
    </message>
    <message>
        <source>Installed: %1.</source>
        <translation>Встановлено: %1.</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
</context>
<context>
    <name>iw::ThreadedStore</name>
    <message>
        <source>the store could not be opened</source>
        <translation>не вдалося відкрити сховище</translation>
    </message>
</context>
</TS>
